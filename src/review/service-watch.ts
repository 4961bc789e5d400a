/**
 * What the answers say of the service as a whole rather than of one file: that it cannot be
 * reached (review/unreachable.ts), or that `api-url` is not the review service's
 * (review/misconfigured.ts). Each is named in the log once, however many files it touches; when
 * the review is over, the files that failed for a wrong `api-url` are blamed on it.
 */
import type { Logger } from '../domain/logger';
import type { FileOutcome } from '../domain/outcomes';
import { blameApiUrl, notTheService, watchEndpoint } from './misconfigured';
import { watchReachability } from './unreachable';

export interface ServiceWatch {
  /** Every failed attempt (undefined: one that was answered): the reason to stop the queue, when one is found. */
  attempt(error: unknown): string | undefined;
  /** File `index`'s task ended with `error`: remembered when it said "not the review service here". */
  ended(index: number, error: unknown): void;
  /** Says what was found, once, and blames the files that failed here on a wrong `api-url`. */
  conclude(outcomes: FileOutcome[]): void;
}

export function watchService(apiUrl: string, log: Pick<Logger, 'warning'>): ServiceWatch {
  const reachability = watchReachability(apiUrl);
  const endpoint = watchEndpoint(apiUrl);
  /** Files whose answer said "not the review service here": the wrong api-url's, if it is one. */
  const notHere = new Set<number>();
  const said = new Set<string>();
  const warnOnce = (message: string | undefined): void => {
    if (message === undefined || said.has(message)) return;
    said.add(message);
    log.warning(message);
  };
  return {
    attempt(error) {
      const unreachable = reachability.observe(error);
      if (unreachable !== undefined) warnOnce(reachability.message);
      const wrongUrl = endpoint.observe(error);
      if (wrongUrl !== undefined) warnOnce(endpoint.message);
      return wrongUrl ?? unreachable;
    },
    ended(index, error) {
      if (notTheService(error) !== undefined) notHere.add(index);
    },
    conclude(outcomes) {
      const misconfigured = endpoint.conclusion();
      if (misconfigured === undefined) return;
      warnOnce(misconfigured.message);
      blameApiUrl(outcomes, notHere, misconfigured);
    },
  };
}
