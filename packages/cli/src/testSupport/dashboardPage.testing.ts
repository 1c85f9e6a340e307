import type { Browser } from '@rxkube/devkit';

/** A page of Chromium, as `launchChromium` opens it. */
type Page = Browser['page'];

/**
 * Keys of the dashboard table's rows, in table order. The table draws only the rows in view, so
 * this scrolls it from top to bottom (two frames after each step, for the rows to be drawn),
 * then back to the top.
 *
 * @param page - a page showing the dashboard
 * @returns the `data-key` of every row
 */
export async function tableRowKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('#pods-scroll');
    if (scroller === null) return [];
    const frame = (): Promise<void> =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const keys: string[] = [];
    const seen = new Set<string>();
    for (let top = 0; ; top += Math.max(60, scroller.clientHeight - 60)) {
      scroller.scrollTop = top;
      await frame();
      for (const row of Array.from(document.querySelectorAll<HTMLElement>('#pods tr[data-key]'))) {
        const key = row.dataset['key'] ?? '';
        if (!seen.has(key)) keys.push(key);
        seen.add(key);
      }
      if (top + scroller.clientHeight >= scroller.scrollHeight) break;
    }
    scroller.scrollTop = 0;
    await frame();
    return keys;
  });
}

/**
 * Waits until the table's keys pass a check (polling: the page converges at network speed).
 *
 * @param page - a page showing the dashboard
 * @param check - the condition on the keys, in table order
 * @param what - names the condition in the error
 * @throws Error when the check never passes
 */
export async function waitForTableKeys(
  page: Page,
  check: (keys: string[]) => boolean,
  what: string,
): Promise<string[]> {
  let keys: string[] = [];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    keys = await tableRowKeys(page);
    if (check(keys)) return keys;
    await page.waitForTimeout(100);
  }
  throw new Error(`the table never showed ${what}; it shows ${JSON.stringify(keys)}`);
}

/**
 * Waits until the table has a row for this key, in view or not.
 *
 * @param page - a page showing the dashboard
 * @param key - `namespace/name`
 */
export async function waitForTableRow(page: Page, key: string): Promise<void> {
  await waitForTableKeys(page, (keys) => keys.includes(key), `a row for ${key}`);
}

/**
 * Waits until the table shows exactly these rows, in this order.
 *
 * @param page - a page showing the dashboard
 * @param expected - `namespace/name` keys
 */
export async function waitForTableRows(page: Page, expected: readonly string[]): Promise<void> {
  await waitForTableKeys(
    page,
    (keys) => JSON.stringify(keys) === JSON.stringify(expected),
    JSON.stringify(expected),
  );
}
