/** Children accepted by {@link h}: nodes, text, or nothing. */
type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element: `h('td', { class: 'age' }, '5m')`.
 *
 * @param tag - the tag name
 * @param attrs - attributes (`class`, `data-*`, …); `undefined` values are skipped
 * @param children - child nodes or text
 * @returns the element
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined) el.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
  return el;
}

/**
 * Finds an element of the page that must exist.
 *
 * @param selector - a CSS selector
 * @returns the element
 * @throws Error when it is missing (a broken page template)
 */
export function $<E extends Element = HTMLElement>(selector: string): E {
  const el = document.querySelector<E>(selector);
  if (el === null) throw new Error(`missing element ${selector}`);
  return el;
}

/**
 * Sets an element's text only when it differs, so unchanged cells cost no layout.
 *
 * @param el - the element
 * @param text - the text
 */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Restarts a CSS animation class on an element (e.g. a flash on change).
 *
 * @param el - the element
 * @param className - the class carrying the animation
 */
export function flash(el: Element, className: string): void {
  el.classList.remove('flash-add', 'flash-update');
  void (el as HTMLElement).offsetWidth; // reflow, so the animation starts again
  el.classList.add(className);
}
