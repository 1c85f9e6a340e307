import { badRequest } from '../api/status.js';

/** One parsed label requirement. */
export type LabelRequirement =
  | { key: string; op: 'exists' | 'doesNotExist' }
  | { key: string; op: 'in' | 'notin'; values: readonly string[] }
  | { key: string; op: 'gt' | 'lt'; value: number };

/** A parsed label selector: the AND of its requirements (none = match everything). */
export interface LabelSelector {
  readonly requirements: readonly LabelRequirement[];
}

const key = '((?:[A-Za-z0-9][-A-Za-z0-9.]*/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?)';
const value = '([A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?)?';
const existsPattern = new RegExp(`^${key}$`);
const notExistsPattern = new RegExp(`^!\\s*${key}$`);
const setPattern = new RegExp(`^${key}\\s+(in|notin)\\s*\\((.*)\\)$`);
const comparePattern = new RegExp(`^${key}\\s*(==|=|!=|>|<)\\s*${value}$`);
const valuePattern = new RegExp(`^${value}$`);

/**
 * Parses a `labelSelector` query value: comma-separated requirements of the forms `k=v`, `k==v`,
 * `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>3`, `k<3`.
 *
 * @param text - the selector text (URL-decoded).
 * @returns the parsed selector.
 * @throws StatusError 400 `BadRequest` for unparsable input.
 */
export function parseLabelSelector(text: string): LabelSelector {
  const requirements: LabelRequirement[] = [];
  for (const raw of splitTopLevel(text)) {
    const part = raw.trim();
    if (part === '') {
      if (text.trim() === '') continue;
      throw fail(text, 'found empty requirement');
    }
    requirements.push(parseRequirement(text, part));
  }
  return { requirements };
}

function parseRequirement(text: string, part: string): LabelRequirement {
  let m = notExistsPattern.exec(part);
  if (m?.[1] !== undefined) return { key: m[1], op: 'doesNotExist' };
  m = existsPattern.exec(part);
  if (m?.[1] !== undefined) return { key: m[1], op: 'exists' };
  m = setPattern.exec(part);
  if (m?.[1] !== undefined && m[2] !== undefined) {
    const values = (m[3] ?? '').split(',').map((v) => v.trim());
    if (values.some((v) => !valuePattern.test(v))) throw fail(text, `invalid values in '${part}'`);
    return { key: m[1], op: m[2] === 'in' ? 'in' : 'notin', values };
  }
  m = comparePattern.exec(part);
  if (m?.[1] !== undefined && m[2] !== undefined) {
    const v = m[3] ?? '';
    if (m[2] === '>' || m[2] === '<') {
      if (!/^-?\d+$/.test(v))
        throw fail(text, `for 'gt', 'lt' operators, exactly one integer value is required`);
      return { key: m[1], op: m[2] === '>' ? 'gt' : 'lt', value: Number(v) };
    }
    return { key: m[1], op: m[2] === '!=' ? 'notin' : 'in', values: [v] };
  }
  throw fail(text, `cannot parse '${part}'`);
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function fail(text: string, why: string): Error {
  return badRequest(`unable to parse requirement: ${why} (labelSelector "${text}")`);
}

/**
 * Whether a set of labels satisfies a selector. `!=` and `notin` also match objects without the
 * label, as in apimachinery.
 *
 * @param selector - the parsed selector.
 * @param labels - the object's labels (undefined = none).
 * @returns whether every requirement holds.
 */
export function matchesLabels(
  selector: LabelSelector,
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  return selector.requirements.every((req) => {
    const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, req.key);
    const actual = has ? labels[req.key] : undefined;
    switch (req.op) {
      case 'exists':
        return has;
      case 'doesNotExist':
        return !has;
      case 'in':
        return actual !== undefined && req.values.includes(actual);
      case 'notin':
        return actual === undefined || !req.values.includes(actual);
      case 'gt':
      case 'lt': {
        if (actual === undefined || !/^-?\d+$/.test(actual)) return false;
        return req.op === 'gt' ? Number(actual) > req.value : Number(actual) < req.value;
      }
    }
  });
}
