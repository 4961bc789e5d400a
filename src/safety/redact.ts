/**
 * Keeps the run's secrets (the service key, the GitHub token) out of every text that leaves the
 * process. One redactor is built once from the secrets; it is applied where untrusted text enters
 * (the service's answers, right after validation) and again at every sink (the log, the outputs,
 * the job summary, what is posted to GitHub) as a last line of defence.
 *
 * A secret is found as written, URL-encoded (either hex case) and JSON-escaped (with or without
 * `\/`), and also when whitespace or invisible characters were put between its characters: a
 * service that wraps a long line, or text salted with zero-width spaces to slip past an exact
 * match, still gives the secret away to a reader.
 */

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

/** What may stand between two characters of a secret and still reads as the secret. */
const GAP = '[\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\p{Cf}]*';

function escapeForRegExp(unit: string): string {
  return unit.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** `%2f` and `%2F` are the same byte: a percent-encoding matches in either case. */
function unitPattern(unit: string): string {
  const hex = /^%([0-9A-F])([0-9A-F])$/.exec(unit);
  if (hex === null) return escapeForRegExp(unit);
  const either = (digit: string) => (/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit);
  return `%${either(hex[1] as string)}${either(hex[2] as string)}`;
}

/** The secret as code points, with a percent-encoded byte kept as one unit. */
function unitsOf(form: string): string[] {
  return form.match(/%[0-9A-F]{2}|[\s\S]/gu) ?? [];
}

function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [...new Set([secret, encodeURIComponent(secret), json, json.replace(/\//g, '\\/')])];
}

function patternOf(secrets: readonly string[]): RegExp | undefined {
  const forms = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap(formsOf))];
  if (forms.length === 0) return undefined;
  // Longest first, so a secret that contains another is replaced whole.
  forms.sort((a, b) => b.length - a.length);
  const alternatives = forms.map((form) => unitsOf(form).map(unitPattern).join(GAP));
  return new RegExp(alternatives.join('|'), 'gu');
}

export function createRedactor(secrets: readonly string[]): Redactor {
  const pattern = patternOf(secrets);
  const text = (value: string): string => (pattern === undefined ? value : value.replace(pattern, REDACTED));
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

/** For runs and tests without secrets. */
export const NO_SECRETS: Redactor = createRedactor([]);
