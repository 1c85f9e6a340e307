/**
 * A `metav1.LabelSelector` in its string form, as `labels.Selector.String()` writes it after
 * `LabelSelectorAsSelector`: requirements sorted by key, `key=value` for `matchLabels`,
 * `key in (a,b)`, `key notin (a,b)`, `key` and `!key` for `matchExpressions`; `""` for none.
 * Anything malformed (cluster data may be any JSON) is left out rather than thrown on.
 *
 * @param selector - the structured selector.
 * @returns the selector string.
 */
export function formatLabelSelector(selector: unknown): string {
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) return '';
  const { matchLabels, matchExpressions } = selector as Record<string, unknown>;
  const requirements: Array<{ key: string; text: string }> = [];
  if (typeof matchLabels === 'object' && matchLabels !== null && !Array.isArray(matchLabels)) {
    for (const [key, value] of Object.entries(matchLabels)) {
      if (typeof value === 'string') requirements.push({ key, text: `${key}=${value}` });
    }
  }
  for (const expression of Array.isArray(matchExpressions) ? matchExpressions : []) {
    const text = expressionText(expression);
    if (text !== undefined) requirements.push(text);
  }
  requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return requirements.map((r) => r.text).join(',');
}

function expressionText(expression: unknown): { key: string; text: string } | undefined {
  if (typeof expression !== 'object' || expression === null) return undefined;
  const { key, operator, values } = expression as Record<string, unknown>;
  if (typeof key !== 'string') return undefined;
  const list = (Array.isArray(values) ? values : []).filter((v) => typeof v === 'string').sort();
  switch (operator) {
    case 'In':
      return { key, text: `${key} in (${list.join(',')})` };
    case 'NotIn':
      return { key, text: `${key} notin (${list.join(',')})` };
    case 'Exists':
      return { key, text: key };
    case 'DoesNotExist':
      return { key, text: `!${key}` };
    default:
      return undefined;
  }
}
