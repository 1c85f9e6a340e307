import type { ObjectDetails as Details, ObjectSummary } from '../../dashboard/feedProtocol.js';
import { h, setText } from '../dom.js';

/**
 * One object in full, on demand: the feeds carry only the tables' fields, so clicking a row
 * fetches the object's details (redacted by the server: no env values, no Secret data, no
 * managed fields) and shows them in a dialog. With a catalog (`/api/details`), a summary first
 * — owner chain, containers with restarts and last termination reason, conditions, related
 * events — then the YAML; without one (`/api/objects`), the JSON. Every cluster string goes in
 * as text.
 */
export class ObjectDetails {
  private request: AbortController | undefined;

  /**
   * @param dialog - the dialog element
   * @param title - where the object's key goes
   * @param body - where its details go
   * @param described - whether the server answers `/api/details` (else `/api/objects`)
   */
  constructor(
    private readonly dialog: HTMLDialogElement,
    private readonly title: HTMLElement,
    private readonly body: HTMLElement,
    private readonly described: boolean,
  ) {
    dialog.addEventListener('close', () => this.request?.abort());
  }

  /**
   * Opens the dialog on an object and loads its details.
   *
   * @param feed - the feed it belongs to (`pods`, `deployments.apps`)
   * @param key - `namespace/name`, or `name`
   */
  async show(feed: string, key: string): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    setText(this.title, key);
    delete this.body.dataset['state'];
    this.body.replaceChildren(h('span', { class: 'muted' }, 'Loading…'));
    if (!this.dialog.open) this.dialog.showModal();
    const path = key.split('/').map(encodeURIComponent).join('/');
    const endpoint = this.described ? 'details' : 'objects';
    try {
      const response = await fetch(`/api/${endpoint}/${encodeURIComponent(feed)}/${path}`, {
        signal: request.signal,
      });
      this.body.dataset['state'] = response.ok ? 'loaded' : 'error';
      if (response.status === 404) setText(this.body, 'This object is gone.');
      else if (!response.ok) {
        setText(this.body, `The server answered ${response.status}: ${await response.text()}`);
      } else if (this.described)
        this.body.replaceChildren(...render((await response.json()) as Details));
      else {
        this.body.replaceChildren(h('pre', {}, JSON.stringify(await response.json(), null, 2)));
      }
    } catch (err) {
      if (!request.signal.aborted) setText(this.body, `Could not load the object: ${String(err)}`);
    }
  }
}

function render(details: Details): HTMLElement[] {
  const { summary } = details;
  return [
    ...owners(summary),
    ...containers(summary),
    ...section(
      'Conditions',
      summary.conditions.map((c) =>
        h(
          'li',
          { class: 'condition', 'data-status': c.status },
          h('b', {}, c.type),
          ` ${c.status}`,
          c.reason === undefined ? null : ` · ${c.reason}`,
          c.message === undefined ? null : h('span', { class: 'muted' }, ` — ${c.message}`),
        ),
      ),
    ),
    ...section(
      'Events',
      summary.events.map((e) =>
        h(
          'li',
          { class: 'event', 'data-type': e.type },
          h('b', {}, e.reason),
          e.count > 1 ? ` ×${e.count}` : null,
          ` ${e.message}`,
          e.lastSeen === undefined ? null : h('span', { class: 'muted' }, ` (${e.lastSeen})`),
        ),
      ),
    ),
    h('h3', {}, 'YAML'),
    h('pre', { class: 'details-yaml' }, details.yaml),
  ];
}

function owners(summary: ObjectSummary): HTMLElement[] {
  if (summary.owners.length === 0) return [];
  const chain = h('p', { class: 'owner-chain' }, h('span', {}, summary.kind));
  for (const owner of summary.owners) {
    chain.append(
      ' → ',
      h(
        'span',
        { class: 'owner', 'data-found': String(owner.found) },
        `${owner.kind} ${owner.name}`,
      ),
    );
  }
  return [h('h3', {}, 'Owners'), chain];
}

function containers(summary: ObjectSummary): HTMLElement[] {
  return section(
    'Containers',
    summary.containers.map((c) =>
      h(
        'li',
        { class: 'container', 'data-name': c.name },
        h('b', {}, c.init ? `${c.name} (init)` : c.name),
        ` ${c.ready ? 'ready' : 'not ready'} · ${c.state} · restarts ${c.restarts}`,
        c.lastTerminationReason === undefined
          ? null
          : h(
              'span',
              { class: 'last-termination' },
              ` · last terminated: ${c.lastTerminationReason}` +
                (c.lastTerminationExitCode === undefined
                  ? ''
                  : ` (exit code ${c.lastTerminationExitCode})`),
            ),
      ),
    ),
  );
}

function section(title: string, items: HTMLElement[]): HTMLElement[] {
  return items.length === 0
    ? []
    : [h('h3', {}, title), h('ul', { class: 'details-list' }, ...items)];
}
