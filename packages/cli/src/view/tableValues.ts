import { record, text } from './jsonFields.js';
import type { TableObject } from './resourceColumns.js';

// Readers of the untrusted fields the table columns show: they never throw on odd shapes.

/**
 * An object's `status.conditions`.
 *
 * @param o - the object
 * @returns its conditions, as records
 */
export function conditions(o: TableObject): Record<string, unknown>[] {
  const list = get(o, 'status', 'conditions');
  return Array.isArray(list) ? list.map(record) : [];
}

/**
 * How many keys a map field (`data`, `binaryData`) has.
 *
 * @param o - the object
 * @param field - the top-level field
 * @returns the number of keys, 0 when absent
 */
export function keyCount(o: TableObject, field: string): number {
  return Object.keys(record((o as Record<string, unknown>)[field])).length;
}

/**
 * When an object was created.
 *
 * @param o - the object
 * @returns ms since the epoch, 0 when unknown
 */
export function created(o: TableObject): number {
  const at = Date.parse(text(o.metadata?.creationTimestamp) ?? '');
  return Number.isNaN(at) ? 0 : at;
}

/**
 * A field of a section (`spec`, `status`) of an object.
 *
 * @param o - the object
 * @param section - the top-level field
 * @param field - the field in it
 * @returns the value, undefined when absent
 */
export function get(o: TableObject, section: string, field: string): unknown {
  return record((o as Record<string, unknown>)[section])[field];
}

/**
 * The strings of a list.
 *
 * @param value - any value
 * @returns its string items, none when it is not a list
 */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * A field as text.
 *
 * @param value - any value
 * @returns the text (a date as ISO text), empty for anything else
 */
export function str(value: unknown): string {
  return text(value) ?? '';
}

/**
 * A field as a number.
 *
 * @param value - any value
 * @returns the number, 0 for anything else
 */
export function num(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}
