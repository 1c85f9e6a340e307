import { h } from '../dom.js';
import { phases } from '../podCache.js';

/**
 * The summary cards: total pods and one card per phase with its count. Clicking a phase card
 * filters the table by it (clicking it again clears the filter).
 *
 * @param el - the cards' container
 * @param counts - pods per phase
 * @param total - all pods
 * @param selected - the phase filtered on, if any
 * @param select - called with the phase clicked (or undefined to clear)
 */
export function renderPhaseCards(
  el: HTMLElement,
  counts: ReadonlyMap<string, number>,
  total: number,
  selected: string | undefined,
  select: (phase: string | undefined) => void,
): void {
  const card = (label: string, value: number, phase: string | undefined): HTMLElement =>
    h(
      'button',
      {
        class: `card ${phase === undefined ? 'card-total' : `phase-${phase}`} ${selected === phase && phase !== undefined ? 'selected' : ''}`,
        'data-phase-count': phase ?? 'total',
        type: 'button',
      },
      h('span', { class: 'card-value' }, value.toLocaleString('en-US')),
      h('span', { class: 'card-label' }, label),
    );
  el.replaceChildren(
    card('pods', total, undefined),
    ...phases.map((phase) => card(phase.toLowerCase(), counts.get(phase) ?? 0, phase)),
  );
  el.onclick = (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-phase-count]');
    if (button === null) return;
    const phase = button.dataset['phaseCount'];
    select(phase === 'total' || phase === selected ? undefined : phase);
  };
}
