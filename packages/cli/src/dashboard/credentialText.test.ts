import { withinTestTimeout } from '../testSupport/boundedRun.testing.js';
import { maxRedactedTextLength, redactCredentialText } from './credentialText.js';
import { redactArguments } from './redactArguments.js';
import { redactObject, redacted } from './redactObject.js';

// Strings that made the patterns backtrack (quadratic time): a run of scheme characters, a URL
// with no `@`, a glued `-p` without its end. Each is as long as a scanned text may be.
const hostile = (unit: string, prefix = '') =>
  (prefix + unit.repeat(maxRedactedTextLength)).slice(0, maxRedactedTextLength);

describe('redactCredentialText', () => {
  it('scans texts of the longest length scanned in linear time', () => {
    // Together, as a container's arguments hold them: each took seconds (quadratic time).
    const texts = [
      hostile('a'), // a run of letters
      hostile('b', 'a://'), // a URL with no user information
      hostile('c', 'a://b:'), // a URL whose password never ends
      hostile('d', '-p'), // a glued -p never ended
      hostile('e', '"'), // a JSON string never closed
      hostile('a.', '--'), // a flag with dots
    ];
    expect(withinTestTimeout(() => redactArguments(texts, redacted))).toEqual(texts);
  });

  it('replaces a longer text whole', () => {
    const text = `--password=x ${'a'.repeat(1024 * 1024)}`;
    expect(withinTestTimeout(() => redactCredentialText(text, redacted))).toBe(redacted);
  });

  it.each([
    ['postgres://app:hunter2@db/x', `postgres://app:${redacted}@db/x`],
    ['--url=postgres://app:hunter2@db', `--url=postgres://app:${redacted}@db`],
    ['1a://u:hunter2@h', `1a://u:${redacted}@h`],
    ['x-git+ssh://u:hunter2@h', `x-git+ssh://u:${redacted}@h`],
    ['see https://example.com/a:b@c', 'see https://example.com/a:b@c'],
  ])('redacts the password of a URL in %s', (text, expected) => {
    expect(redactCredentialText(text, redacted)).toBe(expected);
  });
});

describe('redactObject on a hostile Pod', () => {
  it('redacts 1 MiB annotations and arguments in bounded time', () => {
    const long = 'a'.repeat(1024 * 1024);
    const pod = {
      kind: 'Pod',
      metadata: { name: 'p', annotations: { note: long } },
      spec: { containers: [{ name: 'c', command: [long], args: [`-p${long}`] }] },
    };
    const copy = withinTestTimeout(() => redactObject(pod)) as typeof pod;
    expect(copy.metadata.annotations.note).toBe(redacted);
    expect(copy.spec.containers[0]!.command).toEqual([redacted]);
    expect(copy.spec.containers[0]!.args).toEqual([redacted]);
  });
});
