/**
 * Errors as a terminal user reads them: what happened and what to do, never an internal class
 * name or a stack trace. A service error is shown with its code, message, remedy and request id.
 */
import type { ApiError } from '../service/errors';
import { MISCONFIGURED_CODE } from '../domain/outcomes';
import { KEY_PREFIX } from '../service/options';
import { KEY_VARIABLE, URL_VARIABLE } from './settings';

/** Our remedy when the service gave none, or when its own would mislead (see `authentication_failed`). */
export function remedyFor(code: string, key: string): string | undefined {
  switch (code) {
    case 'authentication_failed':
      // The service's generic remedy ("use a key with the svc_live_ prefix") misleads when the key has it.
      return key.startsWith(KEY_PREFIX)
        ? `The key in ${KEY_VARIABLE} has the ${KEY_PREFIX} prefix but was refused: it may be mistyped, revoked or for another service. Copy a current key from the dashboard.`
        : `Keys start with ${KEY_PREFIX}: set ${KEY_VARIABLE} to a key from the dashboard.`;
    case 'insufficient_scope':
      return `The key in ${KEY_VARIABLE} lacks this endpoint's scope: use a key created with it, or with access to all endpoints.`;
    case 'daily_limit_exceeded':
      return 'The daily request limit resets at midnight IST (18:30 UTC); wait, or use a key of a higher plan.';
    case 'network_error':
      return `Check --api-url (or ${URL_VARIABLE}) and the network; HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured.`;
    case 'timeout':
      return 'The service did not answer in time: try again, or raise --request-timeout.';
    case MISCONFIGURED_CODE:
      return `Set --api-url (or ${URL_VARIABLE}) to the service's base URL, without /v1, e.g. https://api.example.com.`;
    case 'invalid_response':
      return 'The service answered with something unusable: try again later, and give the request id to its support if it persists.';
    default:
      return undefined;
  }
}

/** The lines of a service error: code, message, remedy, request id. */
export function errorBlock(error: ApiError, key: string): string[] {
  const ours = remedyFor(error.code, key);
  const remedy = error.code === 'authentication_failed' ? ours : (error.suggestion ?? ours);
  return [
    `  code:       ${error.code}`,
    `  message:    ${error.serviceMessage ?? error.message}`,
    `  remedy:     ${remedy ?? 'Check the request against the service reference.'}`,
    `  request id: ${error.requestId ?? 'none (the answer carried no request id)'}`,
  ];
}
