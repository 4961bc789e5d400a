/**
 * API keys the simulator accepts, and the `Authorization` check (reference, "Authentication").
 * Scope names are not documented; the simulator calls them `review` and `complete`.
 */
import type { SimulatedError } from './errors';

export type Scope = 'review' | 'complete';

export interface KeyConfig {
  /** The secret, `svc_live_` followed by at least 16 of `[A-Za-z0-9_-]`. */
  key: string;
  /** What the request log shows instead of the key; defaults to `…` plus its last 4 characters. */
  label?: string;
  scopes: Scope[];
  /** Requests per sliding minute (or per `windowMs`); default `DEFAULT_RPM`. */
  rpm?: number;
  /** The sliding window `rpm` counts in, in ms; default a minute (benchmarks use 1 s). */
  windowMs?: number;
  /** Requests per IST day (resets 18:30 UTC); default `DEFAULT_DAILY_LIMIT`. */
  dailyLimit?: number;
}

export const DEFAULT_RPM = 600;
/** The higher plan's daily quota in the reference's example message. */
export const DEFAULT_DAILY_LIMIT = 10_000;

/** Both scopes, the default (generous) limits. What the CLI and the demo print. */
export const DEMO_KEY = 'svc_live_demo_0000000000000000';
/** Only the `review` scope: `POST /v1/complete` answers 403 `insufficient_scope`. */
export const REVIEW_ONLY_KEY = 'svc_live_review_only_0000000000';
/** Only the `complete` scope: `POST /v1/agent/review` answers 403 `insufficient_scope`. */
export const COMPLETE_ONLY_KEY = 'svc_live_complete_only_00000000';

export const DEFAULT_KEYS: readonly KeyConfig[] = [
  { key: DEMO_KEY, label: 'demo', scopes: ['review', 'complete'] },
  { key: REVIEW_ONLY_KEY, label: 'review-only', scopes: ['review'] },
  { key: COMPLETE_ONLY_KEY, label: 'complete-only', scopes: ['complete'] },
];

const KEY_PATTERN = /^svc_live_[A-Za-z0-9_-]{16,}$/;

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function labelOf(config: KeyConfig): string {
  return config.label ?? `…${config.key.slice(-4)}`;
}

/**
 * The key a request authenticates with, or the 401 to send. Messages never echo the key.
 */
export function authenticate(
  header: string | undefined,
  keys: ReadonlyMap<string, KeyConfig>,
): { ok: true; config: KeyConfig } | { ok: false; error: SimulatedError } {
  const fail = (message: string) => ({
    ok: false as const,
    error: { code: 'authentication_failed' as const, message },
  });
  if (header === undefined || header.trim() === '') {
    return fail('Missing Authorization header. Send "Authorization: Bearer <API_KEY>".');
  }
  const match = /^Bearer\s+(\S+)\s*$/.exec(header);
  if (!match) return fail('The Authorization header must use the Bearer scheme: "Bearer <API_KEY>".');
  const key = match[1] as string;
  if (!isWellFormedKey(key)) return fail('The API key is malformed: keys begin with svc_live_.');
  const config = keys.get(key);
  if (!config) return fail('The API key is not recognised; it may have been revoked.');
  return { ok: true, config };
}
