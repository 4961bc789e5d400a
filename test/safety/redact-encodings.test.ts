/**
 * A service that re-encodes a secret still gives it away: these are the encodings a reader (or a
 * script) undoes at a glance. Each form must come out as `[redacted]`, whole, wherever it sits.
 */
import { describe, expect, it } from 'vitest';
import { REDACTED, createRedactor } from '../../src/safety/redact';

const KEY = 'svc_live_p+ss/w0rd"x\\y';
const TOKEN = 'ghs_0123456789abcdefghij';
const redactor = createRedactor([KEY, TOKEN]);

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const hex = (text: string) => Buffer.from(text).toString('hex');
const entities = (text: string, write: (code: number) => string) => [...text].map((c) => write(c.codePointAt(0)!)).join('');

describe('createRedactor, on a secret re-encoded', () => {
  it.each([
    ['in base64, padded', base64(KEY)],
    ['in base64 without its padding', base64(KEY).replace(/=+$/, '')],
    ['in URL-safe base64', base64url(KEY)],
    ['in base64 wrapped over two lines', `${base64(KEY).slice(0, 13)}\n${base64(KEY).slice(13)}`],
    ['in base64 with its + and / percent-encoded', encodeURIComponent(base64(KEY))],
    ['in lower-case hex', hex(KEY)],
    ['in upper-case hex', hex(KEY).toUpperCase()],
    ['in hex written as \\x escapes', hex(KEY).replace(/../g, '\\x$&')],
    ['upper-cased', KEY.toUpperCase()],
    ['in mixed case', [...KEY].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c)).join('')],
    ['as decimal HTML entities', entities(KEY, (code) => `&#${code};`)],
    ['as hex HTML entities', entities(KEY, (code) => `&#x${code.toString(16)};`)],
    ['as upper-case hex HTML entities', entities(KEY, (code) => `&#X${code.toString(16).toUpperCase()};`)],
    ['partly as HTML entities, its quote as &quot;', `&#115;vc_live_p&#x2b;ss/w0rd&quot;x\\y`],
    ['escaped for markdown', KEY.replace(/[_+/"\\]/g, '\\$&')],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(KEY).slice(1, -1)).slice(1, -1)],
  ])('replaces the key %s', (_how, form) => {
    expect(redactor.text(`before ${form} after`)).toBe(`before ${REDACTED} after`);
  });

  it.each([0, 1, 2])('replaces the key in base64 when %i bytes come before it in the encoded text', (offset) => {
    for (const encode of [base64, base64url]) {
      const encoded = encode(`${'Bearer '.slice(0, offset + 3)}${KEY}, and more after it`);
      const redacted = redactor.text(`Authorization: ${encoded}`);
      // What is left around the marker decodes to the prefix and the suffix, never to the key.
      expect(redacted).toMatch(/^Authorization: [\w+/-]{4,8}\[redacted\][\w+/=-]{20,}$/);
      for (const part of redacted.slice(15).split(REDACTED)) {
        expect(Buffer.from(part, 'base64').toString('latin1')).not.toMatch(/svc|live|w0rd/);
      }
    }
  });

  it('replaces the token in base64 inside a basic-auth header, and the token in upper-case hex', () => {
    const basic = base64(`x-access-token:${TOKEN}`);
    expect(redactor.text(`Basic ${basic}`)).not.toContain(basic.slice(24, 40));
    expect(redactor.text(`Basic ${basic}`)).toContain(REDACTED);
    expect(redactor.text(`token 0x${hex(TOKEN).toUpperCase()}.`)).toBe(`token ${REDACTED}.`);
  });

  it('replaces a secret whole in base64 when another secret is part of it', () => {
    const nested = createRedactor(['abcdefgh', 'abcdefgh-and-more']);
    expect(nested.text(`${base64('abcdefgh-and-more')} ${base64('abcdefgh')}`)).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('leaves fragments of an encoded secret, and ordinary hex, base64 and entities, as they were', () => {
    const untouched = [
      base64(KEY).slice(0, 9),
      hex(KEY).slice(0, 14),
      hex(KEY.slice(0, 7)),
      base64(KEY.slice(0, 7)),
      'commit 3f786850e387550fdab836ed7e6dc881de23001b',
      'aGVsbG8gd29ybGQ= &amp; &#60;div&#62; %20 \\_',
      KEY.slice(0, -1).toUpperCase(),
    ];
    for (const text of untouched) expect(redactor.text(text)).toBe(text);
  });

  it('finds a secret with a run of backslashes as written, JSON-escaped and \\u-escaped, and leaves a long run of backslashes alone at once', () => {
    const secret = `ab${'\\'.repeat(10)}cd12345`;
    const withBackslashes = createRedactor([secret]);
    const escaped = secret.replace(/\\/g, '\\u005c');
    for (const form of [secret, JSON.stringify(secret).slice(1, -1), escaped]) {
      expect(withBackslashes.text(`key: ${form}.`)).toBe(`key: ${REDACTED}.`);
    }
    // 40 backslashes between the secret's first letters and a wrong end: with a unit per backslash
    // this took some 20 s of backtracking; a run is one unit now.
    const near = `ab${'\\'.repeat(40)}cdX`;
    expect(withBackslashes.text(near)).toBe(near);
  });
});
