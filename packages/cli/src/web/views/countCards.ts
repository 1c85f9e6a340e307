import { h } from '../dom.js';

/** One card: a count and what it counts. */
export interface CountCard {
  /** What clicking it selects (a phase, a trouble), or `total` for the card that clears. */
  readonly id: string;
  readonly label: string;
  readonly value: number;
  /** Classes that colour it. */
  readonly className: string;
}

/**
 * A row of count cards, each a button: clicking one filters by it, clicking it again (or the
 * `total` card) clears the filter. Each card carries `data-<kind>-count="<id>"`.
 *
 * @param el - the cards' container
 * @param kind - what the cards count (`phase`, `trouble`), for the data attribute
 * @param cards - the cards, in display order
 * @param selected - the id filtered on, if any
 * @param select - called with the id clicked (or undefined to clear)
 */
export function renderCountCards(
  el: HTMLElement,
  kind: string,
  cards: readonly CountCard[],
  selected: string | undefined,
  select: (id: string | undefined) => void,
): void {
  const attribute = `data-${kind}-count`;
  el.replaceChildren(
    ...cards.map((card) =>
      h(
        'button',
        {
          class: `card ${card.className} ${card.id === selected ? 'selected' : ''}`,
          [attribute]: card.id,
          'aria-pressed': String(card.id === selected),
          type: 'button',
        },
        h('span', { class: 'card-value' }, card.value.toLocaleString('en-US')),
        h('span', { class: 'card-label' }, card.label),
      ),
    ),
  );
  el.onclick = (event) => {
    const button = (event.target as Element).closest<HTMLElement>(`[${attribute}]`);
    if (button === null) return;
    const id = button.getAttribute(attribute) ?? 'total';
    select(id === 'total' || id === selected ? undefined : id);
  };
}
