/**
 * Service errors that stop the whole review queue, and what each file not reviewed because of
 * them says. Retrying them is pointless: the daily quota resets at midnight IST, and a rejected
 * key stays rejected.
 */
import { plural } from '../domain/words';
import { MISCONFIGURED_CODE } from '../domain/outcomes';
import { isServiceError } from '../service/errors';

const STOP_REASONS: Readonly<Record<string, string>> = {
  daily_limit_exceeded: 'not reviewed: daily limit reached, resets at midnight IST (18:30 UTC)',
  authentication_failed:
    // Not the service's generic "use a key with the svc_live_ prefix": it misleads for a key that has it,
    // and a key without it already drew a warning before any request.
    'not reviewed: the review service rejected the API key (authentication_failed): it is mistyped, revoked or unknown to the service; use a current key from the dashboard',
  insufficient_scope:
    'not reviewed: the API key lacks permission for the review endpoint (insufficient_scope). Use a key with the required scopes',
};

/** The reason to stop the queue for this error, or undefined to go on. */
export function stopReason(error: unknown): string | undefined {
  return isServiceError(error) ? STOP_REASONS[error.code] : undefined;
}

/**
 * Codes that void the whole run: the check fails whatever on-incomplete says. Each is a setting
 * to fix (the key, its scopes, api-url), not an outage to wait out.
 */
export function isFatalCode(code: string | undefined): boolean {
  return code === 'authentication_failed' || code === 'insufficient_scope' || code === MISCONFIGURED_CODE;
}

/** What a file not reviewed because the run reached max-duration says. */
export function deadlineReason(maxDurationMs: number): string {
  const minutes = Number((maxDurationMs / 60_000).toFixed(4));
  return `not reviewed: max-duration of ${plural(minutes, 'minute')} reached`;
}
