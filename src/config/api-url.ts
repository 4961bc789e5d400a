/**
 * The `api-url` input: parsed, checked and normalized. Every request carries the API key and a
 * file's whole content, so plain `http://` is refused unless the host is this machine (loopback:
 * the simulator, a local gateway) or the user opted in with `allow-insecure-http`, which then
 * draws a warning on every run. No message ever repeats credentials written into the URL.
 */
import { quotableUrl } from '../safety/credentials';
import { isLoopbackHost } from '../safety/loopback';

const EXAMPLE = 'https://api.example.com';

/** True for a plain-http URL to a host other than this machine. */
export function isInsecureRemote(url: URL): boolean {
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/**
 * The base URL without `/v1` and without a trailing slash; each problem found is pushed onto
 * `problems` (the caller reports them all at once).
 */
export function normalizeApiUrl(raw: string, allowInsecureHttp: boolean, problems: string[]): string {
  if (raw === '') return raw;
  const shown = quotableUrl(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`Invalid api-url '${shown}'. Expected an http(s) URL such as ${EXAMPLE}.`);
    return raw;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    problems.push(`Invalid api-url '${shown}'. Expected an http(s) URL such as ${EXAMPLE}.`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    problems.push(`Invalid api-url '${shown}'. Credentials, query and fragment are not allowed; pass the key as api-key.`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/i.test(path)) {
    problems.push(`Invalid api-url '${shown}'. Give the base URL without '/v1'; the action adds it.`);
  }
  if (isInsecureRemote(url) && !allowInsecureHttp) {
    problems.push(
      `Invalid api-url '${shown}'. Plain http would send the API key and the code unencrypted to ${url.host}: ` +
        'use https. Only loopback hosts (localhost, 127.0.0.0/8, ::1) may use http, unless you set allow-insecure-http: true.',
    );
  }
  return `${url.origin}${path}`;
}

/** The warning every run with an opted-in plain-http remote api-url prints; undefined otherwise. */
export function insecureHttpWarning(apiUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return undefined;
  }
  if (!isInsecureRemote(url)) return undefined;
  return (
    `api-url ${url.origin} uses plain http (allow-insecure-http is true): the API key and the code ` +
    'travel unencrypted and can be read or changed on the way. Use https unless this network path is trusted.'
  );
}
