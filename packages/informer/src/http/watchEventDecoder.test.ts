import { DecodeError } from '../errors.js';
import { decodeWatchEvent } from './watchEventDecoder.js';

const context = { resource: 'pods' };
const line = '{"type":"MODIFIED","object":{"metadata":{"name":"a","resourceVersion":"7"}}}';

describe('decodeWatchEvent', () => {
  it('gives the parsed object when decoding keeps it', () => {
    expect(decodeWatchEvent(line, (raw) => raw, context)).toEqual({
      type: 'MODIFIED',
      object: { metadata: { name: 'a', resourceVersion: '7' } },
    });
  });

  it('gives what decoding returns when it builds a new object', () => {
    const event = decodeWatchEvent(line, (raw) => ({ wrapped: raw }), context);
    expect(event).toEqual({
      type: 'MODIFIED',
      object: { wrapped: { metadata: { name: 'a', resourceVersion: '7' } } },
    });
  });

  it('refuses a line without a known type or an object, with a DecodeError', () => {
    expect(() => decodeWatchEvent('{"type":"CHANGED","object":{}}', (raw) => raw, context)).toThrow(
      DecodeError,
    );
    expect(() => decodeWatchEvent('{"type":"ADDED"}', (raw) => raw, context)).toThrow(DecodeError);
    expect(() => decodeWatchEvent('{"type":', (raw) => raw, context)).toThrow(DecodeError);
  });
});
