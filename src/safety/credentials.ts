/**
 * Credentials in text: a service URL is quoted without anything that may hold them, and a key
 * is checked without ever being quoted. Shared by the settings (which quote what the user gave)
 * and the service client (which checks what it is given).
 */

/**
 * A service URL as a message may quote it. Credentials must never be repeated, and a URL that
 * holds an `@` anywhere may hold them even where a parser sees none (`https://bob:pa/ss@host`
 * does not parse; `https://bob:1#@host` parses with `bob` as the host), so it is shown up to its
 * scheme only. A query or fragment, which may carry a token, is left out too.
 */
export function quotableUrl(raw: string): string {
  if (raw.includes('@')) return `${/^[a-z][a-z0-9+.-]*:(?:\/\/)?/i.exec(raw)?.[0] ?? ''}…`;
  const end = raw.search(/[?#]/);
  return end < 0 ? raw : `${raw.slice(0, end)}…`;
}

/**
 * Why a key cannot be sent as a bearer token, or undefined when it can; never quotes the key.
 * A bearer token is visible ASCII (RFC 6750): a space or line break inside is a copy-paste
 * accident that the service would only answer with 401.
 */
export function apiKeyFormatProblem(value: string): string | undefined {
  if (value.trim() === '') return 'it is empty';
  if (/[^\x21-\x7e]/.test(value)) return 'it contains whitespace, control or non-ASCII characters';
  return undefined;
}
