import { badRequest } from '../api/status.js';
import type { KubeObject } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';

/** One parsed field requirement. */
export interface FieldRequirement {
  readonly field: string;
  readonly op: '=' | '!=';
  readonly value: string;
}

/** A parsed field selector: the AND of its requirements. */
export interface FieldSelector {
  readonly requirements: readonly FieldRequirement[];
}

// Typed servers print these fields' zero values when they are unset.
const zeroValues: Readonly<Record<string, string>> = {
  'spec.hostNetwork': 'false',
  'spec.unschedulable': 'false',
  'status.replicas': '0',
};

/**
 * Parses a `fieldSelector` query value (`a=b`, `a==b`, `a!=b`, comma = AND, `\` escapes `,`, `=`
 * and `\` in values) and checks every label is one the resource supports.
 *
 * @param text - the selector text (URL-decoded).
 * @param def - the resource listed or watched.
 * @returns the parsed selector.
 * @throws StatusError 400 for unparsable input or an unsupported field label.
 */
export function parseFieldSelector(text: string, def: ResourceDefinition): FieldSelector {
  const requirements: FieldRequirement[] = [];
  if (text.trim() === '') return { requirements };
  for (const term of splitUnescaped(text, ',')) {
    const parsed = parseTerm(term);
    if (parsed === undefined) {
      throw badRequest(`invalid selector: '${text}'; can't understand '${term}'`);
    }
    if (!supportedFields(def).includes(parsed.field)) {
      throw badRequest(`field label not supported: ${parsed.field}`);
    }
    requirements.push(parsed);
  }
  return { requirements };
}

/**
 * Whether an object satisfies a field selector.
 *
 * @param selector - the parsed selector.
 * @param obj - the object.
 * @returns whether every requirement holds.
 */
export function matchesFields(selector: FieldSelector, obj: KubeObject): boolean {
  return selector.requirements.every((req) => {
    const actual = fieldValue(obj, req.field);
    return req.op === '=' ? actual === req.value : actual !== req.value;
  });
}

/**
 * The field labels a resource accepts.
 *
 * @param def - the resource.
 * @returns `metadata.name`, `metadata.namespace` and the resource's own.
 */
export function supportedFields(def: ResourceDefinition): string[] {
  return ['metadata.name', 'metadata.namespace', ...def.selectableFields];
}

function fieldValue(obj: KubeObject, field: string): string {
  // Events' `source` label is the reporting component, not the whole struct.
  const path = field === 'source' ? 'source.component' : field;
  let current: unknown = obj;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return zeroValues[field] ?? '';
    current = (current as Record<string, unknown>)[segment];
  }
  if (current === undefined || current === null) return zeroValues[field] ?? '';
  return typeof current === 'object' ? JSON.stringify(current) : String(current);
}

function parseTerm(term: string): FieldRequirement | undefined {
  for (let i = 0; i < term.length; i += 1) {
    const c = term[i];
    if (c === '\\') {
      i += 1;
      continue;
    }
    const op = term.startsWith('!=', i)
      ? '!='
      : term.startsWith('==', i)
        ? '=='
        : c === '='
          ? '='
          : undefined;
    if (op === undefined) continue;
    const field = term.slice(0, i).trim();
    if (field === '') return undefined;
    const value = unescape(term.slice(i + op.length));
    if (value === undefined) return undefined;
    return { field, op: op === '!=' ? '!=' : '=', value };
  }
  return undefined;
}

function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unescape(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') {
      const next = text[i + 1];
      if (next !== ',' && next !== '=' && next !== '\\') return undefined;
      out += next;
      i += 1;
    } else if (c === '=' || c === ',') {
      return undefined;
    } else {
      out += c;
    }
  }
  return out;
}
