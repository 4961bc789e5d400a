/**
 * Keeps the run's secrets (the service key, the GitHub token) out of every text that leaves the
 * process. One redactor is built once from the secrets; it is applied where untrusted text enters
 * (the service's answers, right after validation) and again at every sink (the log, the outputs,
 * the job summary, what is posted to GitHub) as a last line of defence.
 *
 * A secret is found as written in any letter case, URL-encoded, JSON- or markdown-escaped, as
 * HTML entities, in hex and in base64 (see secret-forms.ts), and also when whitespace or
 * invisible characters were put between its characters: a service that wraps a long line, or
 * text salted with zero-width spaces to slip past an exact match, still gives the secret away.
 */

import { formKindsOf } from './secret-forms';

export const REDACTED = '[redacted]';

/**
 * Shorter secrets are not searched for: replacing every `abc` would garble the text, and no key or
 * token is that short (the runner's own mask still covers the log).
 */
export const MIN_SECRET_LENGTH = 8;

export interface Redactor {
  /** The text with every secret replaced by `[redacted]`. */
  text(text: string): string;
  /** A copy of a JSON-like value (strings, arrays, plain objects) with every string redacted. */
  deep<T>(value: T): T;
}

/**
 * One character that may stand between two characters of a secret and still read as the secret:
 * `[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}]`, written out as its ranges. The
 * property escapes are expanded each time the class appears, and it appears between every two
 * units of every form: they made building and first using the patterns cost some 20–30 ms of
 * every run's start, the ranges about 5. test/safety/redact-gap.test.ts holds them equal to the
 * properties, code point by code point.
 */
export const GAP_CHARACTER =
  '[\\t-\\r \\x85\\xa0\\xad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u1680\\u17b4\\u17b5' +
  '\\u180b-\\u180f\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u206f\\u3000\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb' +
  '\\u{110bd}\\u{110cd}\\u{13430}-\\u{1343f}\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e0fff}]';

/** What may stand between two characters of a secret and still reads as the secret. */
const GAP = `${GAP_CHARACTER}*`;

/** One regular expression per kind of form (see formKindsOf), each matching every secret. */
function patternsOf(secrets: readonly string[]): RegExp[] {
  const kinds = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).map(formKindsOf);
  const patterns: RegExp[] = [];
  for (let kind = 0; kind < (kinds[0]?.length ?? 0); kind += 1) {
    const forms = kinds.flatMap((secretKinds) => secretKinds[kind] ?? []);
    // Longest first, so a secret that contains another is replaced whole.
    forms.sort((a, b) => b.units.length - a.units.length);
    const alternatives = [...new Set(forms.map((form) => form.units.join(GAP)))];
    // Case-insensitive: an upper-cased secret, either hex case and `&#X73;` still give it away.
    patterns.push(new RegExp(alternatives.join('|'), 'giu'));
  }
  return patterns;
}

export function createRedactor(secrets: readonly string[]): Redactor {
  const patterns = patternsOf(secrets);
  const text = (value: string): string => patterns.reduce((redacted, pattern) => redacted.replace(pattern, REDACTED), value);
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [text(key), deep(entry)]));
    }
    return value;
  };
  return { text, deep: <T>(value: T): T => deep(value) as T };
}

