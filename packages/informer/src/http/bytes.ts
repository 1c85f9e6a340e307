const encoder = new TextEncoder();

/**
 * @param chunk - a body chunk, as bytes or text
 * @returns its bytes (text encoded as UTF-8)
 */
export function utf8Bytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/**
 * @param parts - byte arrays, in order
 * @returns one array holding them all (a part itself when there is only one)
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let size = 0;
  for (const part of parts) size += part.length;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
