/**
 * The review's progress in the log as it happens: a line per file when it ends (done/total, how
 * it ended, how long it took), a line when the queue pauses and when it resumes, and on a long
 * run a status line whenever 10 s pass without any other, so a quiet log never looks hung.
 */
import { describeOutcome } from '../domain/describe-outcome';
import type { FileOutcome } from '../domain/outcomes';
import type { Logger } from '../domain/logger';
import type { QueueClock } from './clock';
import type { LearnedRate } from './rate-window';

/** The longest the log stays silent during the review. */
export const HEARTBEAT_MS = 10_000;

export interface ReviewProgress {
  /** `count` more files to review (the list is read while others are reviewed). */
  more(count: number): void;
  fileDone(outcome: FileOutcome, elapsedMs: number, fromCache: boolean): void;
  paused(ms: number, label: string): void;
  paced(ms: number, rate: LearnedRate): void;
  resumed(): void;
  /** Ends the status lines; call once the queue is done. */
  finish(): void;
}

export function seconds(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function startProgress(total: number, log: Logger, clock: QueueClock, heartbeatMs = HEARTBEAT_MS): ReviewProgress {
  const startedAt = clock.now();
  let lastLineAt = startedAt;
  let done = 0;
  let cached = 0;
  let pausedUntil: number | undefined;
  let width = String(total).length;
  const stopped = new AbortController();

  const say = (line: string): void => {
    lastLineAt = clock.now();
    log.info(line);
  };

  const status = (): string => {
    const fromCache = cached > 0 ? ` (${cached} from the cache)` : '';
    const waiting = pausedUntil !== undefined && pausedUntil > clock.now() ? `; paused for ${seconds(pausedUntil - clock.now())} more` : '';
    return `… ${done}/${total} files done${fromCache}, ${total - done} to go${waiting}; ${seconds(clock.now() - startedAt)} so far`;
  };

  void (async () => {
    while (!stopped.signal.aborted) {
      await clock.sleep(Math.max(1, lastLineAt + heartbeatMs - clock.now()), stopped.signal);
      if (!stopped.signal.aborted && clock.now() - lastLineAt >= heartbeatMs) say(status());
    }
  })();

  return {
    more(count) {
      total += count;
      width = String(total).length;
    },
    fileDone(outcome, elapsedMs, fromCache) {
      done += 1;
      if (fromCache) cached += 1;
      const how = fromCache ? 'from the cache' : seconds(elapsedMs);
      say(`[${String(done).padStart(width)}/${total}] ${describeOutcome(outcome)} (${how})`);
    },
    paused(ms, label) {
      pausedUntil = Math.max(pausedUntil ?? 0, clock.now() + ms);
      say(`⏸ ${label}: the service asked to wait; pausing every worker for ${Math.ceil(ms / 1000)}s`);
    },
    paced(ms, rate) {
      pausedUntil = Math.max(pausedUntil ?? 0, clock.now() + ms);
      say(
        `⏸ the service's rate limit admits about ${rate.budget} requests per ${seconds(rate.windowMs)}; ` +
          `waiting ${seconds(ms)} for the next window instead of drawing a 429`,
      );
    },
    resumed() {
      pausedUntil = undefined;
      say(`▶ resuming: ${done}/${total} files done`);
    },
    finish() {
      stopped.abort();
    },
  };
}
