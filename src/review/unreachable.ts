/**
 * Fail fast when the review service cannot be reached at all. Retrying every file with backoff
 * against a service that refuses connections, has no DNS name or fails TLS only makes the job
 * slow to fail (minutes, and a retry line per attempt). So when the first attempts of the run
 * all fail to connect, before the service has answered anything, the queue stops: one line names
 * the base URL and the error, and every file is not reviewed with that reason.
 *
 * One failed connection among answers is a blip and is retried as before: the count starts over
 * at any answer, and once the service has answered in this run it is known to be reachable.
 */
import { systemErrorCode } from '../safety/system-error';
import { isApiError } from '../service/errors';

/** Consecutive connection failures, with no answer yet, that mean the service is unreachable. */
export const UNREACHABLE_AFTER = 3;

/** Error codes of a connection that never reached the service (refused, no host, TLS). */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** The code of a failure to connect (refused, unknown host, TLS), or undefined for anything else. */
export function connectFailureCode(error: unknown): string | undefined {
  if (!isApiError(error) || (error.kind !== 'network' && error.kind !== 'timeout')) return undefined;
  const code = systemErrorCode(error.cause);
  if (code === undefined) return undefined;
  return CONNECT_CODES.has(code) || /^ERR_(?:TLS|SSL)_/.test(code) ? code : undefined;
}

export interface UnreachableWatch {
  /** Sees how each attempt ended (undefined: the service answered); returns the stop reason once it is unreachable. */
  observe(error: unknown): string | undefined;
  /** The one line for the log, once the service was found unreachable. */
  readonly message: string | undefined;
}

export function watchReachability(baseUrl: string, threshold = UNREACHABLE_AFTER): UnreachableWatch {
  let answered = false;
  let failures = 0;
  let message: string | undefined;
  let reason: string | undefined;
  return {
    get message() {
      return message;
    },
    observe(error) {
      if (reason !== undefined) return reason;
      const code = connectFailureCode(error);
      if (code === undefined) {
        // Any answer, even an error answer, proves the service is there; any other failure at
        // least means not every attempt failed to connect.
        if (error === undefined || (isApiError(error) && (error.kind === 'service' || error.kind === 'invalid_response'))) answered = true;
        failures = 0;
        return undefined;
      }
      if (answered) return undefined;
      failures += 1;
      if (failures < threshold) return undefined;
      const cause = (error as { cause?: unknown }).cause;
      const detail = cause instanceof Error && cause.message !== '' ? cause.message : code;
      message = `The review service at ${baseUrl} cannot be reached: ${detail}. Stopping the review: no file is sent while it is unreachable.`;
      reason = `not reviewed: the review service at ${baseUrl} cannot be reached (${code})`;
      return reason;
    },
  };
}
