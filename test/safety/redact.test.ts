import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, REDACTED, createRedactor } from '../../src/safety/redact';

const KEY = 'svc_live_p+ss/w0rd"x\\y';
const TOKEN = 'ghs_0123456789abcdefghij';
const redactor = createRedactor([KEY, TOKEN]);

describe('createRedactor', () => {
  it.each([
    ['as written', KEY],
    ['URL-encoded', encodeURIComponent(KEY)],
    ['URL-encoded in lower-case hex', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['JSON-escaped', JSON.stringify(KEY).slice(1, -1)],
    ['JSON-escaped with \\/', JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/')],
    ['split by zero-width spaces', [...KEY].join('\u200b')],
    ['wrapped over two lines', `${KEY.slice(0, 12)}\n  ${KEY.slice(12)}`],
    ['split by a soft hyphen and a word joiner', `${KEY.slice(0, 5)}\u00ad${KEY.slice(5, 9)}\u2060${KEY.slice(9)}`],
  ])('replaces the key %s', (_how, form) => {
    expect(redactor.text(`before ${form} after`)).toBe(`before ${REDACTED} after`);
  });

  it('replaces every secret, every time', () => {
    expect(redactor.text(`${TOKEN} ${KEY}${KEY}`)).toBe(`${REDACTED} ${REDACTED}${REDACTED}`);
  });

  it('replaces a secret whole when another secret is part of it', () => {
    const nested = createRedactor(['abcdefgh', 'abcdefgh-and-more']);
    expect(nested.text('x abcdefgh-and-more y abcdefgh')).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it('leaves text without secrets, and text near a secret, as it was', () => {
    expect(redactor.text('svc_live_p+ss/w0rd"x')).toBe('svc_live_p+ss/w0rd"x');
    expect(redactor.text('plain text, no key')).toBe('plain text, no key');
  });

  it(`ignores secrets shorter than ${MIN_SECRET_LENGTH} characters and empty ones, which would garble every text`, () => {
    const short = createRedactor(['', 'abc', '1234567']);
    expect(short.text('abc 1234567')).toBe('abc 1234567');
  });

  it('treats regular-expression characters in a secret literally', () => {
    const odd = createRedactor(['a.b*c+d?(e)[f]{g}|h^$']);
    expect(odd.text('x a.b*c+d?(e)[f]{g}|h^$ y axbbbc')).toBe(`x ${REDACTED} y axbbbc`);
  });

  it('redacts every string of a JSON-like value, keys included, without changing the original', () => {
    const answer = {
      summary: `echo ${KEY}`,
      issues: [{ severity: 'error', line: 3, message: `uses ${TOKEN}`, suggestion: '' }],
      security_flags: [{ [KEY]: [`x${encodeURIComponent(KEY)}`] }],
      quality_score: 40,
      ok: true,
      missing: null,
    };
    const copy = redactor.deep(answer);
    expect(copy).toEqual({
      summary: `echo ${REDACTED}`,
      issues: [{ severity: 'error', line: 3, message: `uses ${REDACTED}`, suggestion: '' }],
      security_flags: [{ [REDACTED]: [`x${REDACTED}`] }],
      quality_score: 40,
      ok: true,
      missing: null,
    });
    expect(answer.summary).toBe(`echo ${KEY}`);
  });

  it('changes nothing without secrets', () => {
    expect(createRedactor([]).text(`a ${KEY}`)).toBe(`a ${KEY}`);
  });
});
