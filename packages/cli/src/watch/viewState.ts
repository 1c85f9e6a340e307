/** A key as Node's `readline.emitKeypressEvents` reports it. */
export interface Key {
  /** `up`, `pagedown`, `escape`, `return`, `backspace`, a letter…; absent for other text. */
  readonly name?: string | undefined;
  /** What the terminal sent: the character typed, or the escape sequence. */
  readonly sequence?: string | undefined;
  readonly ctrl?: boolean | undefined;
  readonly shift?: boolean | undefined;
}

/** The line being typed at the bottom of the screen, if any. */
export interface Prompt {
  /** `/` filters the rows, `n` asks for a namespace, `:` for a command or resource. */
  readonly kind: 'filter' | 'namespace' | 'command';
  readonly text: string;
}

/** What the user chose to look at, apart from the data: scroll, sort, filter, prompt. */
export interface ViewState {
  /** Index of the first row shown, among the rows that pass the filter. */
  readonly scroll: number;
  /** Column to sort by and direction; undefined for the default (namespace/name) order. */
  readonly sort?: { readonly column: number; readonly descending: boolean } | undefined;
  /** Rows shown contain this text (case-insensitive); empty for all. */
  readonly filter: string;
  readonly prompt?: Prompt | undefined;
}

/** What a key asks of the command, beyond the view itself. */
export type ViewAction =
  | { readonly type: 'quit' }
  /** Watch this namespace; undefined for every namespace. */
  | { readonly type: 'namespace'; readonly namespace: string | undefined }
  /** Watch this resource, named as on the command line (`deploy`, `pods`, `widgets.example.com`). */
  | { readonly type: 'resource'; readonly name: string };

/** What the view looks like now, as a key's effect depends on it. */
export interface ViewBounds {
  /** Rows that pass the filter. */
  readonly rows: number;
  /** Rows that fit on the screen at once. */
  readonly page: number;
  /** Columns of the table (for the sort). */
  readonly columns: number;
}

/** The view a watch starts with. */
export const initialViewState: ViewState = { scroll: 0, filter: '' };

/**
 * The keys of the live table, k9s-like, as one pure transition:
 *
 * | key                          | in the table                         | while typing            |
 * | ---------------------------- | ------------------------------------ | ----------------------- |
 * | ↑ ↓, `k` `j`                 | scroll a row                         | —                       |
 * | PgUp PgDn, Ctrl-B Ctrl-F     | scroll a page                        | —                       |
 * | Home End, `g` `G`            | first or last rows                   | —                       |
 * | `s` / `S`                    | sort by the next column / reverse    | —                       |
 * | `/`                          | type a filter (applied as typed)     | —                       |
 * | `n`                          | type a namespace (empty: all)        | —                       |
 * | `:`                          | type `pods`, `deploy`, `ns shop`…    | —                       |
 * | Esc                          | clear the filter                     | cancel (a filter: clear)|
 * | Enter                        | —                                    | apply                   |
 * | `q`, Ctrl-C                  | quit                                 | Ctrl-C quits            |
 *
 * @param state - the view now
 * @param key - the key pressed
 * @param bounds - rows, page size and columns now
 * @returns the next view, and what the command must do, if anything
 */
export function transition(
  state: ViewState,
  key: Key,
  bounds: ViewBounds,
): { state: ViewState; action?: ViewAction } {
  if (key.ctrl === true && key.name === 'c') return { state, action: { type: 'quit' } };
  if (state.prompt !== undefined) return typing(state, state.prompt, key);
  const last = Math.max(0, bounds.rows - bounds.page);
  const page = Math.max(1, bounds.page);
  const scrollTo = (scroll: number): { state: ViewState } => ({
    state: { ...state, scroll: Math.min(last, Math.max(0, scroll)) },
  });
  const name = key.ctrl === true ? `C-${key.name ?? ''}` : (key.name ?? key.sequence ?? '');
  switch (key.sequence === 'G' ? 'G' : key.sequence === 'S' ? 'S' : name) {
    case 'up':
    case 'k':
      return scrollTo(state.scroll - 1);
    case 'down':
    case 'j':
      return scrollTo(state.scroll + 1);
    case 'pageup':
    case 'C-b':
      return scrollTo(state.scroll - page);
    case 'pagedown':
    case 'C-f':
    case 'space':
      return scrollTo(state.scroll + page);
    case 'home':
    case 'g':
      return scrollTo(0);
    case 'end':
    case 'G':
      return scrollTo(last);
    case 's':
      return { state: { ...state, sort: nextSortColumn(state.sort, bounds.columns) } };
    case 'S':
      return {
        state: {
          ...state,
          sort: { column: state.sort?.column ?? 0, descending: state.sort?.descending !== true },
        },
      };
    case 'escape':
      return { state: { ...state, filter: '', scroll: 0 } };
    case 'q':
      return { state, action: { type: 'quit' } };
    case 'n':
      return { state: { ...state, prompt: { kind: 'namespace', text: '' } } };
  }
  if (key.sequence === '/')
    return { state: { ...state, prompt: { kind: 'filter', text: state.filter } } };
  if (key.sequence === ':') return { state: { ...state, prompt: { kind: 'command', text: '' } } };
  return { state };
}

function nextSortColumn(sort: ViewState['sort'], columns: number): ViewState['sort'] {
  const column = sort === undefined ? 0 : sort.column + 1;
  // Past the last column, back to the default order.
  return column >= columns ? undefined : { column, descending: false };
}

function typing(
  state: ViewState,
  prompt: Prompt,
  key: Key,
): { state: ViewState; action?: ViewAction } {
  const closed: ViewState = { ...state, prompt: undefined };
  const edit = (text: string): { state: ViewState } => ({
    // A filter applies as it is typed, from the first row.
    state: {
      ...state,
      prompt: { ...prompt, text },
      ...(prompt.kind === 'filter' ? { filter: text, scroll: 0 } : {}),
    },
  });
  switch (key.name) {
    case 'escape':
      return { state: prompt.kind === 'filter' ? { ...closed, filter: '', scroll: 0 } : closed };
    case 'return':
    case 'enter':
      return { state: closed, ...submit(prompt) };
    case 'backspace':
      return edit([...prompt.text].slice(0, -1).join(''));
  }
  const text = key.sequence ?? '';
  // Typed text only: no control character or escape sequence joins the prompt.
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (key.ctrl === true || text === '' || /[\u0000-\u001f\u007f-\u009f]/.test(text)) {
    return { state };
  }
  return edit(prompt.text + text);
}

function submit(prompt: Prompt): { action?: ViewAction } {
  const text = prompt.text.trim();
  if (prompt.kind === 'filter') return {};
  if (prompt.kind === 'namespace')
    return { action: { type: 'namespace', namespace: namespaceOf(text) } };
  const [command = '', argument] = text.split(/\s+/, 2);
  if (command === '') return {};
  if (command === 'q' || command === 'quit' || command === 'q!')
    return { action: { type: 'quit' } };
  // `:ns shop` switches namespace; `:ns` alone lists the namespaces, as in k9s.
  if ((command === 'ns' || command === 'namespace') && argument !== undefined) {
    return { action: { type: 'namespace', namespace: namespaceOf(argument) } };
  }
  return { action: { type: 'resource', name: command } };
}

/** `all`, `-A`, `*` or nothing: every namespace. */
function namespaceOf(text: string): string | undefined {
  return ['', 'all', '-A', '*'].includes(text) ? undefined : text;
}
