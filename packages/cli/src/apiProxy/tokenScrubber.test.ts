import { TokenScrubber, scrubbedCredential } from './tokenScrubber.js';
import { withinTestTimeout } from '../testSupport/boundedRun.testing.js';

const token = 'tok+en/With=Chars-0123456789abcdef';

/** Writes chunks to a scrubber's stream, reading what it passes on after each. */
function streamed(scrubber: TokenScrubber, chunks: readonly string[]): string[] {
  const stream = scrubber.stream();
  const out: string[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  for (const chunk of chunks) stream.write(Buffer.from(chunk, 'utf8'));
  stream.end();
  return out;
}

describe('TokenScrubber', () => {
  const scrubber = new TokenScrubber([token]);

  it.each([
    ['as sent', token],
    ['percent-encoded', encodeURIComponent(token)],
    ['form-encoded', new URLSearchParams({ v: token }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(token).slice(1, -1)],
  ])('removes the credential %s from a text', (_form, shown) => {
    expect(scrubber.scrub(`before ${shown} after`)).toBe(`before ${scrubbedCredential} after`);
  });

  it('removes a credential split across two chunks, at every place', async () => {
    const text = `{"message":"bad token ${token} given"}\n`;
    for (let cut = 1; cut < text.length; cut += 1) {
      const out = streamed(scrubber, [text.slice(0, cut), text.slice(cut)]).join('');
      expect(out).toBe(`{"message":"bad token ${scrubbedCredential} given"}\n`);
    }
  });

  it('passes a chunk on at once unless its end could begin the credential', () => {
    const stream = scrubber.stream();
    const out: string[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
    stream.write(Buffer.from('{"type":"ADDED"}\n'));
    expect(out).toEqual(['{"type":"ADDED"}\n']);
    stream.write(Buffer.from(`x ${token.slice(0, 10)}`));
    // Held back: the most it ever holds is the longest form less a byte.
    expect(out).toEqual(['{"type":"ADDED"}\n', 'x ']);
    stream.end();
  });

  it('looks for nothing shorter than 8 characters, and is inactive with no credential', () => {
    expect(new TokenScrubber(['short']).active).toBe(false);
    expect(new TokenScrubber([]).scrub('anything')).toBe('anything');
  });
});

describe('TokenScrubber on hostile answers', () => {
  it('scrubs 1 MiB full of the credential in linear time', () => {
    // The raw form is everywhere and the percent-encoded form nowhere: each occurrence used to
    // send a search for the absent form through the rest of the text.
    const short = 'ab/cd+ef';
    const times = (1024 * 1024) / (short.length + 1);
    const scrubber = new TokenScrubber([short]);
    const out = withinTestTimeout(() => scrubber.scrub(`${short} `.repeat(times)));
    expect(out).toBe(`${scrubbedCredential} `.repeat(times));
  });
});
