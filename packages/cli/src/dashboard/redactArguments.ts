import { namesCredential } from './credentialName.js';
import { redactCredentialText } from './credentialText.js';

/** A whole item that is a flag alone (`--password`), whose value is the next item. */
const flagAlone = /^--?([A-Za-z][\w.-]*)$/;

/**
 * A container's `command` or `args` (or an exec probe's, or a lifecycle hook's `command`) with
 * the credentials it spells out replaced: each item as `redactCredentialText` redacts it (flags,
 * shell assignments, URL passwords, `Bearer` values, `-p<password>`), and an item that is the
 * value of a credential flag given alone as the item before (`--password`, `hunter2`).
 * Items that are not strings are kept as they are.
 *
 * @param items - the list as the object has it (not modified)
 * @param replacement - what stands in for a value
 * @returns a new list
 */
export function redactArguments(items: readonly unknown[], replacement: string): unknown[] {
  return items.map((item, i) => {
    if (typeof item !== 'string') return item;
    const previous = items[i - 1];
    const flag = typeof previous === 'string' ? flagAlone.exec(previous) : null;
    if (flag !== null && namesCredential(flag[1]!) && !item.startsWith('-')) return replacement;
    return redactCredentialText(item, replacement);
  });
}
