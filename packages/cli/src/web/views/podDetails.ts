import { h, setText } from '../dom.js';

/**
 * One pod in full, on demand: the feed carries only the table's fields, so clicking a row
 * fetches `/api/objects/pods/<namespace>/<name>` (redacted by the server: no env values, no
 * managed fields) and shows its JSON as text in a dialog.
 */
export class PodDetails {
  private request: AbortController | undefined;

  /**
   * @param dialog - the dialog element
   * @param title - where the pod's key goes
   * @param body - where its JSON goes
   */
  constructor(
    private readonly dialog: HTMLDialogElement,
    private readonly title: HTMLElement,
    private readonly body: HTMLElement,
  ) {
    dialog.addEventListener('close', () => this.request?.abort());
  }

  /**
   * Opens the dialog on a pod and loads its details.
   *
   * @param key - `namespace/name`
   */
  async show(key: string): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    setText(this.title, key);
    this.body.replaceChildren(h('span', { class: 'muted' }, 'Loading…'));
    if (!this.dialog.open) this.dialog.showModal();
    const path = key.split('/').map(encodeURIComponent).join('/');
    try {
      const response = await fetch(`/api/objects/pods/${path}`, { signal: request.signal });
      const text =
        response.status === 404
          ? 'This pod is gone.'
          : response.ok
            ? JSON.stringify(await response.json(), null, 2)
            : `The server answered ${response.status}: ${await response.text()}`;
      this.body.dataset['state'] = response.ok ? 'loaded' : 'error';
      setText(this.body, text);
    } catch (err) {
      if (!request.signal.aborted) setText(this.body, `Could not load the pod: ${String(err)}`);
    }
  }
}
