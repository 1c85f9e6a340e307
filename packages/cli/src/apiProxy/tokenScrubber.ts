import { Transform, type TransformCallback } from 'node:stream';
import { relayStageError } from './relayStageError.js';

/** What stands in for a credential removed from an answer. */
export const scrubbedCredential = '<redacted>';

/**
 * Credentials shorter than this are not looked for: replacing every occurrence of a short value
 * (a four-letter password) would mangle answers without hiding anything a guess would not find.
 */
const minCredentialLength = 8;

/**
 * Credentials longer than this are not looked for: the carry-over between chunks is bounded by
 * the longest form looked for. Tokens are a few KiB at most (a JWT with many claims).
 */
const maxCredentialLength = 16 * 1024;

/**
 * Removes, by value, the credentials the proxy sent the API server (the bearer token, a basic
 * user's password) from what it relays back: an API server, a webhook or an aggregated API that
 * echoes the `Authorization` it received (in a `Status.message`, `details.causes`, a text or a
 * URL-encoded body, a `Warning` header) must not hand the kubeconfig's credential to the page.
 *
 * Each credential is looked for as sent, percent-encoded (`encodeURIComponent`, and a form's
 * `application/x-www-form-urlencoded`), JSON-escaped, and JSON-escaped as Go escapes HTML
 * characters (`\u003c`). A stream is scrubbed across chunk boundaries: the end of a chunk that
 * could begin a credential is held back (never more than the longest form looked for, less one
 * byte) until the next chunk says, so a token split over two chunks is still found; a chunk
 * ending with anything else (a watch event's newline) is passed on whole, at once.
 */
export class TokenScrubber {
  /** The forms looked for in JavaScript strings, longest first. */
  private readonly forms: readonly string[];
  /** The same forms as their UTF-8 bytes read as Latin-1: one character per byte, for streams. */
  private readonly byteForms: readonly string[];
  private readonly longest: number;

  /**
   * @param credentials - the values sent upstream: tokens, passwords, `user:password`
   */
  constructor(credentials: readonly string[]) {
    const forms = new Set<string>();
    for (const credential of credentials) {
      if (credential.length < minCredentialLength || credential.length > maxCredentialLength) {
        continue;
      }
      const json = JSON.stringify(credential).slice(1, -1);
      forms.add(credential);
      forms.add(encodeURIComponent(credential));
      forms.add(new URLSearchParams({ v: credential }).toString().slice(2));
      forms.add(json);
      forms.add(
        json.replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16).padStart(2, '0')}`),
      );
    }
    this.forms = [...forms].sort((a, b) => b.length - a.length);
    this.byteForms = this.forms.map((form) => Buffer.from(form, 'utf8').toString('latin1'));
    this.longest = Math.max(0, ...this.byteForms.map((form) => form.length));
  }

  /** Whether there is anything to look for (a client certificate sends no token). */
  get active(): boolean {
    return this.forms.length > 0;
  }

  /**
   * @param text - a whole text: a header's value, an error body
   * @returns the text without any credential
   */
  scrub(text: string): string {
    return this.active ? scrubPart(text, this.forms, this.longest, true).done : text;
  }

  /**
   * @returns a stream that passes bytes on without any credential, holding back at most the
   *   longest form looked for less one byte between chunks; its failures are `RelayStageError`s
   */
  stream(): Transform {
    const { byteForms, longest } = this;
    let carry = '';
    return new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        try {
          const part = scrubPart(carry + chunk.toString('latin1'), byteForms, longest, false);
          carry = part.held;
          callback(null, part.done === '' ? undefined : Buffer.from(part.done, 'latin1'));
        } catch (err) {
          callback(relayStageError(err));
        }
      },
      flush(callback: TransformCallback) {
        try {
          const rest = scrubPart(carry, byteForms, longest, true).done;
          callback(null, rest === '' ? undefined : Buffer.from(rest, 'latin1'));
        } catch (err) {
          callback(relayStageError(err));
        }
      },
    });
  }
}

/**
 * Replaces every form found in `text`; unless `final`, holds back the longest end of the text
 * that begins a form (it may continue in the next chunk).
 */
function scrubPart(
  text: string,
  forms: readonly string[],
  longest: number,
  final: boolean,
): { done: string; held: string } {
  let done = '';
  let from = 0;
  // Where each form is next found (-1: nowhere), searched again only once passed: searching every
  // form from each occurrence anew rescans the rest of the text for a form that is absent, and a
  // text full of one form takes quadratic time.
  const next = forms.map((form) => text.indexOf(form));
  for (;;) {
    let at = -1;
    let length = 0;
    for (const [i, form] of forms.entries()) {
      if (next[i]! !== -1 && next[i]! < from) next[i] = text.indexOf(form, from);
      const found = next[i]!;
      // Forms are sorted longest first: at the same place, the longest wins.
      if (found !== -1 && (at === -1 || found < at)) {
        at = found;
        length = form.length;
      }
    }
    if (at === -1) break;
    done += text.slice(from, at) + scrubbedCredential;
    from = at + length;
  }
  let held = 0;
  if (!final) {
    for (let k = Math.max(from, text.length - longest + 1); k < text.length; k += 1) {
      const end = text.slice(k);
      if (forms.some((form) => form.length > end.length && form.startsWith(end))) {
        held = text.length - k;
        break;
      }
    }
  }
  done += text.slice(from, text.length - held);
  return { done, held: text.slice(text.length - held) };
}
