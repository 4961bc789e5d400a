/**
 * The shapes a secret keeps when a service re-encodes it: each is a sequence of units (regular-
 * expression sources, one per character or byte) that the redactor joins with a gap pattern. The
 * redactor matches case-insensitively, so upper-cased text, either hex case, `%2f`/`%2F` and
 * `&#X73;` need no units of their own.
 *
 * - text: each character as written, percent-encoded, as a JSON `\u` escape or an HTML entity
 *   (`&#115;`, `&#x73;`, `&quot;`), punctuation behind any number of backslashes (JSON, markdown
 *   and JSON-in-JSON escapes). A unit per character, so mixed encodings match too.
 * - hex: the UTF-8 bytes in hex, a byte optionally written `\x73` or `0x73`.
 * - base64, standard or URL-safe, padded or not, at any byte offset in a longer encoded string.
 */

/** One way to write a secret: a unit per character or byte, gaps allowed between units. */
export interface SecretForm {
  units: string[];
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { '"': 'quot', '&': 'amp', "'": 'apos', '<': 'lt', '>': 'gt' };

export function escapeForRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

const hexByte = (byte: number) => byte.toString(16).padStart(2, '0');

function textUnit(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const literal = char === '\\' ? '\\\\+' : /^[!-/:-@[-`{-~]$/.test(char) ? `\\\\*${escapeForRegExp(char)}` : escapeForRegExp(char);
  const utf16 = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  const named = NAMED_ENTITIES[char];
  const options = [
    literal,
    escapeForRegExp(JSON.stringify(char).slice(1, -1)),
    [...Buffer.from(char)].map((byte) => `%${hexByte(byte)}`).join(''),
    utf16.map((unit) => `\\\\u${unit.toString(16).padStart(4, '0')}`).join(''),
    `&#0*${code};?`,
    `&#x0*${code.toString(16)};?`,
    named === undefined ? undefined : `&${named};`,
  ];
  return `(?:${[...new Set(options.filter((option) => option !== undefined))].join('|')})`;
}

const base64Unit = (char: string): string => (char === '+' ? '(?:[+-]|%2b)' : char === '/' ? '(?:\\\\*[/_]|%2f)' : char);

/**
 * Base64 at byte offset 0, 1 and 2: prefixed by that many zero bytes, only the characters made
 * of the secret's bits alone are the same wherever it sits in a longer encoded string (GitHub
 * masks base64 secrets the same way). The character after them and the padding are matched too
 * when they are there, as at the end of the encoded string. The stable part of a secret of 8 or
 * more bytes is at least 10 characters (60 bits of the secret), so no short fragment is matched.
 */
function base64Forms(bytes: Buffer): SecretForm[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const bits = 8 * (offset + bytes.length);
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor(bits / 6);
    const units = [...encoded.slice(first, end)].map(base64Unit);
    const tail = encoded.charAt(end);
    // Right after the last stable character, not after a gap: a gap there would take the
    // whitespace that follows the encoded string.
    if (tail !== '') units.push(`${units.pop() ?? ''}(?:${base64Unit(tail)}(?:=|%3d){0,2})?`);
    return { units };
  });
}

/**
 * The forms by kind, each kind searched in a pass of its own: one pattern of every kind at once
 * can start at almost any character, which made redaction some 300 times slower. The longer
 * encodings go first, so the text of a shorter secret cannot cut into the hex or base64 of a
 * longer one before it is matched whole.
 */
export function formKindsOf(secret: string): SecretForm[][] {
  const bytes = Buffer.from(secret);
  return [[{ units: [...bytes].map((byte) => `(?:\\\\x|0x)?${hexByte(byte)}`) }], base64Forms(bytes), [{ units: textUnits(secret) }]];
}

/**
 * A unit per character, except that a run of k backslashes is one unit: at least k backslashes
 * (JSON and markdown escapes double them), or k escaped ones. With a unit per backslash, each
 * taking one or more, a long run of backslashes in the text could be split among them in
 * exponentially many ways before the match failed.
 */
function textUnits(secret: string): string[] {
  const units: string[] = [];
  for (const run of secret.match(/\\+|[^\\]/gu) ?? []) {
    units.push(run.startsWith('\\') ? `(?:\\\\{${run.length},}|(?:\\\\u005c|%5c|&#0*92;?|&#x0*5c;?){${run.length}})` : textUnit(run));
  }
  return units;
}
