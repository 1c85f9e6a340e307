/**
 * One step of a {@link SimpleJsonPath}: a field, every element (`[*]`), one index (`[0]`), or
 * the elements whose field equals a value (`[?(@.type=="Ready")]`).
 */
type Step =
  | { readonly type: 'field'; readonly name: string }
  | { readonly type: 'each' }
  | { readonly type: 'index'; readonly index: number }
  | { readonly type: 'filter'; readonly field: string; readonly value: string };

/** Thrown for a JSONPath outside the subset {@link SimpleJsonPath} reads. */
export class UnsupportedJsonPath extends Error {
  override readonly name = 'UnsupportedJsonPath';
  /** @param path - the path as written */
  constructor(readonly path: string) {
    super(`unsupported JSONPath: ${path}`);
  }
}

const stepPattern =
  /^(?:\.([A-Za-z0-9_$-]+)|\['([^']*)'\]|\[\*\]|\[(\d+)\]|\[\?\(@\.([A-Za-z0-9_$-]+)\s*==\s*["']([^"']*)["']\)\])/;

/**
 * The JSONPath subset of a CustomResourceDefinition's `additionalPrinterColumns` (and of
 * kubectl's `-o jsonpath` in practice): `.spec.replicas`, `.status.conditions[0].type`,
 * `.spec.items[*].name`, `['dotted.key']`, and one equality filter
 * `.status.conditions[?(@.type=="Ready")].status`, optionally wrapped in `{…}`.
 *
 * @example
 * new SimpleJsonPath('.status.conditions[?(@.type=="Ready")].status').evaluate(node) // ['True']
 */
export class SimpleJsonPath {
  private readonly steps: readonly Step[];

  /**
   * @param path - the path
   * @throws UnsupportedJsonPath for anything outside the subset
   */
  constructor(readonly path: string) {
    let rest = path
      .trim()
      .replace(/^\{(.*)\}$/, '$1')
      .replace(/^\$/, '');
    const steps: Step[] = [];
    while (rest !== '') {
      const match = stepPattern.exec(rest);
      if (match === null) throw new UnsupportedJsonPath(path);
      const [whole, dotted, quoted, index, filterField, filterValue] = match;
      if (dotted !== undefined || quoted !== undefined) {
        steps.push({ type: 'field', name: (dotted ?? quoted)! });
      } else if (index !== undefined) steps.push({ type: 'index', index: Number(index) });
      else if (filterField !== undefined) {
        steps.push({ type: 'filter', field: filterField, value: filterValue ?? '' });
      } else steps.push({ type: 'each' });
      rest = rest.slice(whole.length);
    }
    if (steps.length === 0) throw new UnsupportedJsonPath(path);
    this.steps = steps;
  }

  /**
   * The fields before the first array step: the part of an object the path can read (what a
   * feed must send for it).
   *
   * @returns e.g. `['status', 'conditions']` for `.status.conditions[?(@.type=="Ready")].status`
   */
  get prefix(): readonly string[] {
    const fields: string[] = [];
    for (const step of this.steps) {
      if (step.type !== 'field') break;
      fields.push(step.name);
    }
    return fields;
  }

  /**
   * @param object - any JSON value
   * @returns every value the path reaches, in document order (none when a field is missing)
   */
  evaluate(object: unknown): unknown[] {
    let values: unknown[] = [object];
    for (const step of this.steps) {
      values = values.flatMap((value) => apply(step, value));
    }
    return values;
  }
}

function apply(step: Step, value: unknown): unknown[] {
  if (step.type === 'field') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const next = (value as Record<string, unknown>)[step.name];
    return next === undefined ? [] : [next];
  }
  if (!Array.isArray(value)) return [];
  if (step.type === 'each') return value;
  if (step.type === 'index') return step.index < value.length ? [value[step.index]] : [];
  return value.filter(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      String((item as Record<string, unknown>)[step.field]) === step.value,
  );
}
