/**
 * The pace a run learned from the service's 429s (rate-window.ts), as it is stored beside the
 * result cache's entries for the next run: requests per window, the window's length, the service
 * it was learned from and when. The next run against the same service starts at that pace instead
 * of drawing a burst of 429s in its first window to learn it again.
 *
 * Signed like an entry (cache-entry.ts), and for the same reason: the cache folder may sit in a
 * checkout of the pull request, and a pace is a promise about the service. A forged one could
 * hold a run to one request a minute until max-duration cuts it short (files not reviewed), or
 * promise a pace the service refuses. So the file carries an HMAC-SHA256 over everything read
 * from it, keyed from the API key with a label of its own (a signed entry is no signed pace), and
 * a file that is not signed with this run's key is ignored.
 *
 * Stale: a pace stored more than `MAX_PACE_AGE_MS` (7 days) ago, or dated more than 5 minutes
 * ahead of this machine's clock, is ignored too. A plan changes seldom, and a wrong pace corrects
 * itself (a 429 teaches it again; a budget that holds the queue back grows), but a week without a
 * run through this cache is long enough for the plan or the key's other users to have changed,
 * and actions/cache drops a cache unused for 7 days anyway.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CACHE_FORMAT_VERSION, UntrustedEntryError, derivedMacKey, signedFields } from './cache-entry';
import type { LearnedRate } from './rate-window';

const FORMAT = 'review-gate/service-pace';
/** HKDF's info: a label of its own, so a signed entry never passes for a signed pace. */
const KDF_INFO = `pace mac v${CACHE_FORMAT_VERSION}`;

/** A stored pace older than this is not used. */
export const MAX_PACE_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A pace dated further ahead than this (another machine's clock) is not used either. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Bounds of a believable pace: a window from 1 ms to an hour, a budget up to 100,000 requests. */
const MAX_WINDOW_MS = 60 * 60 * 1000;
const MAX_BUDGET = 100_000;

/** A genuine pace that is too old, or from the future, to be used. */
export class StalePaceError extends Error {
  override readonly name = 'StalePaceError' as const;
}

export interface PaceCodec {
  /** The text of the pace file for `service` (its base URL), stored at `savedAt` (ms since the epoch). */
  encode(service: string, rate: LearnedRate, savedAt: number): string;
  /**
   * The pace in a file read for `service` at `now`. Throws UntrustedEntryError when the file is not
   * this action's under this key (or not for this service), StalePaceError when it is too old.
   */
  decode(text: string, service: string, now: number): LearnedRate;
}

export function createPaceCodec(secret: string): PaceCodec {
  if (secret === '') throw new TypeError('Expected the API key to sign the stored pace with, got an empty string');
  const macKey = derivedMacKey(secret, KDF_INFO);
  const mac = (service: string, savedAt: number, paceJson: string): Buffer =>
    createHmac('sha256', macKey).update(`${FORMAT}\n${CACHE_FORMAT_VERSION}\n${service}\n${savedAt}\n${paceJson}`).digest();

  return {
    encode(service, rate, savedAt) {
      const paceJson = JSON.stringify({ budget: rate.budget, windowMs: rate.windowMs });
      const signature = mac(service, savedAt, paceJson).toString('hex');
      return `{"format":"${FORMAT}","version":${CACHE_FORMAT_VERSION},"service":${JSON.stringify(service)},"savedAt":${savedAt},"mac":"${signature}","pace":${paceJson}}\n`;
    },
    decode(text, service, now) {
      const fields = signedFields(text);
      const { savedAt } = fields;
      if (typeof fields.service !== 'string' || typeof savedAt !== 'number') {
        throw new UntrustedEntryError('not signed: not written by this version of review-gate');
      }
      const expected = mac(fields.service, savedAt, JSON.stringify(fields.pace) ?? '');
      if (!timingSafeEqual(Buffer.from(fields.mac, 'hex'), expected)) {
        throw new UntrustedEntryError('signature does not match: written with another api-key, or not by review-gate');
      }
      if (fields.format !== FORMAT || fields.version !== CACHE_FORMAT_VERSION) throw new UntrustedEntryError(`not a version ${CACHE_FORMAT_VERSION} pace`);
      if (fields.service !== service) throw new UntrustedEntryError('it was learned from another service (its URL differs)');
      const rate = believableRate(fields.pace);
      if (now - savedAt > MAX_PACE_AGE_MS) throw new StalePaceError(`stored ${formatAge(now - savedAt)} ago, over the ${formatAge(MAX_PACE_AGE_MS)} a pace is kept`);
      if (savedAt - now > MAX_CLOCK_SKEW_MS) throw new StalePaceError(`dated ${formatAge(savedAt - now)} ahead of this machine's clock`);
      return rate;
    },
  };
}

function believableRate(value: unknown): LearnedRate {
  const pace = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { budget, windowMs } = pace;
  if (!Number.isInteger(budget) || (budget as number) < 1 || (budget as number) > MAX_BUDGET) {
    throw new UntrustedEntryError(`budget must be a whole number from 1 to ${MAX_BUDGET}, got ${JSON.stringify(budget) ?? 'none'}`);
  }
  if (!Number.isInteger(windowMs) || (windowMs as number) < 1 || (windowMs as number) > MAX_WINDOW_MS) {
    throw new UntrustedEntryError(`windowMs must be a whole number from 1 to ${MAX_WINDOW_MS}, got ${JSON.stringify(windowMs) ?? 'none'}`);
  }
  return { budget: budget as number, windowMs: windowMs as number };
}

function formatAge(ms: number): string {
  const days = ms / (24 * 60 * 60 * 1000);
  if (days >= 1) return `${Math.floor(days)} days`;
  const minutes = Math.ceil(ms / 60_000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} hours` : `${minutes} minutes`;
}
