/**
 * Stop when api-url does not lead to the review service. Some answers say that nothing at this
 * address will ever review a file, whatever the file: no such path (404, 410), not this method
 * there (405, 501), a redirect (3xx: the client does not follow one, since the key would go
 * along), or a success that is no review — a web page where the API answers JSON, or JSON of
 * another shape (2xx from another API, or a catch-all route). When the first answers of a run are
 * all of that kind, the queue stops as for an unreachable service, and every file not reviewed
 * because of it carries one reason naming api-url, the URL (origin and path, which settings keep
 * free of credentials) and the status: a setting to fix, not code to blame — and never a run that
 * `on-incomplete: pass` lets through with nothing reviewed.
 *
 * Transient answers (429, 5xx, a proxy's 502 page) are neither such an answer nor a review: they
 * are retried as before. Once the service has answered in this run (a review, or its own error
 * such as 400 context_too_long), the path is known to be right, and a later 404 or malformed
 * answer is that file's own failure.
 */
import { MISCONFIGURED_CODE } from '../domain/outcomes';
import type { FileOutcome } from '../domain/outcomes';
import { InvalidResponseError, isApiError } from '../service/errors';
import { REVIEW_PATH } from '../service/client';
import { UNREACHABLE_AFTER } from './unreachable';

/**
 * Such answers in a row, with no review, after which no further request is sent: as many as
 * for an unreachable service, so a run never stops on the first odd answer alone.
 */
export const MISCONFIGURED_AFTER = UNREACHABLE_AFTER;

const NOT_HERE: Readonly<Record<number, string>> = {
  404: 'Not Found, no such path',
  405: 'Method Not Allowed, POST is not taken there',
  410: 'Gone, no such path any more',
  501: 'Not Implemented, POST is not taken there',
};

/** What the answer says about the address, when it says "not the review service here"; else undefined. */
export function notTheService(error: unknown): string | undefined {
  if (!isApiError(error) || error.status === undefined) return undefined;
  if (error.kind !== 'service' && error.kind !== 'invalid_response') return undefined;
  const { status } = error;
  const known = NOT_HERE[status];
  if (known !== undefined) return `${status} ${known}`;
  if (status >= 300 && status < 400) return `${status}, a redirect elsewhere, which review-gate does not follow since the key would go along`;
  if (status >= 200 && status < 300 && error instanceof InvalidResponseError) return notAReview(status, error);
  return undefined;
}

/** What a success that is no review answer was instead: a page, a body that is not JSON, or JSON of another shape. */
function notAReview(status: number, error: InvalidResponseError): string {
  // JSON never starts with `<`; a page of HTML (or XML) always does.
  if (error.snippet?.startsWith('<') === true) return `${status} with a web page instead of the service's JSON`;
  if (error.field === undefined) return `${status} with a body that is not the service's JSON`;
  const what = error.field === '(body)' ? 'not a JSON object' : `its ${error.field} is not what the service sends`;
  return `${status} with JSON that is not a review answer (${what})`;
}

export interface Misconfiguration {
  /** What each file not reviewed because of it says; also the run's fatal reason. */
  reason: string;
  /** The one line for the log. */
  message: string;
}

export interface EndpointWatch {
  /** Sees how each attempt ended (undefined: a review came back); returns the stop reason once the address is found wrong. */
  observe(error: unknown): string | undefined;
  /** The one line for the log, once the answers stopped the queue. */
  readonly message: string | undefined;
  /**
   * After the queue: the misconfiguration, when it stopped the queue or when every answer of a
   * run too small to reach the stop said "not here" and none reviewed a file.
   */
  conclusion(): Misconfiguration | undefined;
}

export function watchEndpoint(baseUrl: string, threshold = MISCONFIGURED_AFTER): EndpointWatch {
  let answered = false;
  let count = 0;
  let first: string | undefined;
  let found: Misconfiguration | undefined;
  const request = `POST ${URL.canParse(baseUrl) ? new URL(baseUrl).pathname.replace(/\/$/, '') : ''}${REVIEW_PATH}`;
  const conclude = (what: string, stopped: boolean): Misconfiguration => ({
    reason: `not reviewed: api-url ${baseUrl} does not lead to the review service: ${request} was answered ${what}`,
    message:
      `api-url ${baseUrl} does not lead to the review service: ${request} was answered ${what}, and no answer reviewed a file. ` +
      `${stopped ? 'Stopping the review: no further file is sent. ' : ''}Check api-url: the service's base URL, without /v1.`,
  });
  return {
    get message() {
      return found?.message;
    },
    observe(error) {
      if (found !== undefined) return found.reason;
      const what = notTheService(error);
      if (what === undefined) {
        // A review, or the service's own error answer, shows the address is right.
        if (error === undefined || (isApiError(error) && error.kind === 'service')) answered = true;
        return undefined;
      }
      if (answered) return undefined;
      count += 1;
      first ??= what;
      if (count < threshold) return undefined;
      found = conclude(first, true);
      return found.reason;
    },
    conclusion() {
      if (found === undefined && !answered && first !== undefined) found = conclude(first, false);
      return found;
    },
  };
}

/**
 * Every file the wrong address failed (`failedHere`, indexes into `outcomes`) ends with the one
 * reason and code, whatever its own answer said; each keeps its own request id.
 */
export function blameApiUrl(outcomes: FileOutcome[], failedHere: Iterable<number>, found: Misconfiguration): void {
  for (const index of failedHere) {
    const outcome = outcomes[index];
    if (outcome?.kind !== 'failed') continue;
    const { path, requestId } = outcome;
    outcomes[index] = { kind: 'failed', path, reason: found.reason, code: MISCONFIGURED_CODE, ...(requestId === undefined ? {} : { requestId }) };
  }
}
