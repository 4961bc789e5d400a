/**
 * Per-key request limits: a sliding one-minute window (RPM) and a daily quota that resets at
 * midnight IST, which is 18:30 UTC. Only admitted requests count; a 429 does not use quota.
 */
import type { SimulatedError } from './errors';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** IST is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The IST calendar day `nowMs` falls in, as a day number. */
export function istDay(nowMs: number): number {
  return Math.floor((nowMs + IST_OFFSET_MS) / DAY_MS);
}

/** Whole seconds (at least 1) until the next 18:30 UTC. */
export function secondsUntilDailyReset(nowMs: number): number {
  const resetMs = (istDay(nowMs) + 1) * DAY_MS - IST_OFFSET_MS;
  return Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
}

export class KeyLimiter {
  private readonly rpm: number;
  /** The rate window; a minute unless a key says otherwise (`KeyConfig.windowMs`). */
  private readonly windowMs: number;
  private readonly dailyLimit: number;
  private readonly window: number[] = [];
  private day = Number.NaN;
  private usedToday = 0;

  constructor(rpm: number, dailyLimit: number, windowMs = MINUTE_MS) {
    this.rpm = rpm;
    this.windowMs = windowMs;
    this.dailyLimit = dailyLimit;
  }

  /** Counts the request when it is admitted; otherwise says which 429 to send. */
  admit(nowMs: number): SimulatedError | undefined {
    const today = istDay(nowMs);
    if (today !== this.day) {
      this.day = today;
      this.usedToday = 0;
    }
    if (this.usedToday >= this.dailyLimit) {
      return {
        code: 'daily_limit_exceeded',
        message: `Daily limit of ${this.dailyLimit} requests reached; it resets at midnight IST (18:30 UTC).`,
        retryAfter: secondsUntilDailyReset(nowMs),
      };
    }
    while (this.window.length > 0 && (this.window[0] as number) <= nowMs - this.windowMs) {
      this.window.shift();
    }
    if (this.window.length >= this.rpm) {
      const freesAt = (this.window[0] as number) + this.windowMs;
      const retryAfter = Math.max(1, Math.ceil((freesAt - nowMs) / 1000));
      return {
        code: 'rate_limit_exceeded',
        message: `Rate limit of ${this.rpm} requests per ${this.windowMs === MINUTE_MS ? 'minute' : `${this.windowMs / 1000} s`} exceeded; retry after ${retryAfter} seconds.`,
        retryAfter,
      };
    }
    this.window.push(nowMs);
    this.usedToday += 1;
    return undefined;
  }
}
