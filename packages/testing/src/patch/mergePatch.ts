/**
 * Applies a JSON merge patch (RFC 7386): objects merge recursively, `null` deletes a field,
 * anything else (lists included) replaces.
 *
 * @param target - the current value.
 * @param patch - the patch.
 * @returns the patched value (inputs are not modified).
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const base =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete base[key];
    else base[key] = applyMergePatch(base[key], value);
  }
  return base;
}
