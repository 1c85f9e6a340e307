import { namesCredential } from './credentialName.js';

/** `--name=value` or `-name=value`, alone or inside a shell string; the value may be empty. */
const flagEqualsValue = /(^|\s)(--?([A-Za-z][\w.-]*)=)(\S*)/g;

/** `--name value` or `-name value` inside one item (a shell string); a value starts no flag. */
const flagSpaceValue = /(^|\s)(--?([A-Za-z][\w.-]*)\s+)([^\s-]\S*)/g;

/** A whole item that is a flag alone (`--password`), whose value is the next item. */
const flagAlone = /^--?([A-Za-z][\w.-]*)$/;

/**
 * A container's `command` or `args` with the values of credential flags replaced: in
 * `--<name>=<value>` and `-<name> <value>` (within one item, as in `sh -c "… --password x"`,
 * or as two items), the value becomes `replacement` when `<name>` names a credential
 * (`namesCredential`). Other items, and items that are not strings, are kept as they are.
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
    const redact = (whole: string, start: string, head: string, name: string, value: string) =>
      namesCredential(name) && value !== '' ? `${start}${head}${replacement}` : whole;
    return item.replace(flagEqualsValue, redact).replace(flagSpaceValue, redact);
  });
}
