/**
 * Checks that a lister-watcher's answers are all of one kind: lists must be `<Kind>List`, and
 * objects that carry a `kind` must carry that one. The kind is given, or learnt from the first
 * list. A proxy or a misrouted request answering with another resource is thereby refused
 * instead of filling the cache with objects of the wrong kind.
 *
 * @internal
 */
export class KindGuard {
  /** @param expected - the object kind, e.g. `Pod`; learnt from the first list when absent */
  constructor(private expected: string | undefined) {}

  /**
   * @param listKind - the `kind` of a list body
   * @returns what is wrong, or undefined when acceptable
   */
  checkList(listKind: unknown): string | undefined {
    if (listKind === undefined) return undefined;
    if (typeof listKind !== 'string' || !listKind.endsWith('List')) {
      return `kind ${typeof listKind === 'string' ? listKind : typeof listKind} is not a list`;
    }
    const itemKind = listKind.slice(0, -'List'.length);
    this.expected ??= itemKind;
    return itemKind === this.expected
      ? undefined
      : `kind ${listKind}, expected ${this.expected}List`;
  }

  /**
   * @param object - a listed or watched object
   * @returns what is wrong, or undefined when acceptable
   */
  checkObject(object: unknown): string | undefined {
    const kind = (object as { kind?: unknown } | null)?.kind;
    if (kind === undefined || this.expected === undefined) return undefined;
    return kind === this.expected
      ? undefined
      : `object of kind ${typeof kind === 'string' ? kind : typeof kind}, expected ${this.expected}`;
  }
}
