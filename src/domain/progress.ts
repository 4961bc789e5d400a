import type { FileOutcome } from './outcomes';

/**
 * What the pipeline tells a watcher while it runs, as data rather than log lines: the terminal
 * command draws its progress (done/total, pauses, retries) from these on stderr. Every member is
 * optional; the action passes none and keeps its grouped log.
 */
export interface PipelineProgress {
  /** The changed files are listed and selected: `toReview` are read and sent, unless found empty or binary on reading. */
  collected?(counts: { listed: number; toReview: number; skipped: number; notReviewed: number }): void;
  /** One candidate ended (reviewed, skipped on reading, or failed); `done` of `total` have. */
  fileDone?(outcome: FileOutcome, done: number, total: number): void;
  /** A request failed transiently and is retried after `delayMs`. */
  retry?(path: string, reason: string, retryNumber: number, delayMs: number): void;
  /** The service asked to wait: every worker pauses for `delayMs`. */
  pause?(path: string, delayMs: number): void;
}
