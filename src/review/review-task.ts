/**
 * One file's review as a task of the queue (queue.ts): read the file ahead, wait until its list is
 * the head's, ask the result cache, and only then send it. injection-check's second review of the
 * same file (second-review.ts) is a task of its own, sent what this one read with its comments and
 * strings blanked, so each request gets the queue's retries, pauses and pace.
 */
import { SkippedFileError } from '../collect/errors';
import { readReviewableText } from '../collect/read-text';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import type { FocusArea, ReviewLanguage } from '../domain/vocabulary';
import type { CachedReview, ReviewOnce } from './cached-review';
import type { QueueTask } from './queue';
import type { ReviewRequest, ReviewResult } from './service/types';

/** What a task ends with: the service's answer, or, for a second review, that none was sent and why. */
export type TaskAnswer = ReviewResult | NotSent;

/** A second review not sent: the file holds no comment or string text, or injection-check is off for it. */
export interface NotSent {
  notSent: true;
}

export const NOT_SENT: NotSent = { notSent: true };

export function isSent(answer: TaskAnswer): answer is ReviewResult {
  return !('notSent' in answer);
}

/** The file as read, once its list is the head's. */
export interface FileRead {
  text: string;
  language: ReviewLanguage;
}

/** What a task needs of the review stage's dependencies. */
export interface TaskDeps {
  source: PullRequestSource;
  reviewOnce: ReviewOnce;
  cache?: Pick<CachedReview, 'lookup'>;
}

export interface FileTask extends QueueTask<TaskAnswer> {
  /** The code sent, while it is held. */
  content(): string | undefined;
  /** Forgets the code (once the answer is located), so memory does not grow with the files. */
  drop(): void;
  /** The language the file is sent as, once it is read (an extensionless file's is its `#!` line's). */
  language(): ReviewLanguage | undefined;
  fromCache(): boolean;
  /** The file as read, once its list is the head's; undefined when it never is (skipped, not readable, stopped). */
  readonly read: Promise<FileRead | undefined>;
}

/**
 * A task sending the code `load` gives (or answering without a request when it gives `NOT_SENT`
 * or the cache holds the answer). `load` runs once, before the first attempt.
 */
export function serviceTask(path: string, deps: TaskDeps, focusAreas: readonly FocusArea[], load: (signal: AbortSignal) => Promise<FileRead | NotSent>): FileTask {
  let code: string | undefined;
  let language: ReviewLanguage | undefined;
  let cached = false;
  let settleRead: (read: FileRead | undefined) => void = () => undefined;
  const read = new Promise<FileRead | undefined>((resolve) => (settleRead = resolve));
  const request = (): ReviewRequest => ({
    code: code ?? '',
    ...(language === undefined ? {} : { language }),
    ...(focusAreas.length > 0 ? { focus_areas: [...focusAreas] } : {}),
  });
  return {
    label: path,
    read,
    content: () => code,
    drop: () => {
      code = undefined;
    },
    language: () => language,
    fromCache: () => cached,
    prepare: async (signal) => {
      let loaded: FileRead | NotSent;
      try {
        loaded = await load(signal);
      } catch (error) {
        settleRead(undefined);
        throw error;
      }
      if ('notSent' in loaded) {
        settleRead(undefined);
        return { answer: NOT_SENT };
      }
      code = loaded.text;
      language = loaded.language;
      settleRead(loaded);
      const hit = await deps.cache?.lookup(request(), path);
      if (hit === undefined) return undefined;
      cached = true;
      return { answer: hit };
    },
    attempt: (signal) => deps.reviewOnce(request(), { signal, path }),
  };
}

/** The first review of a candidate: the file as the source reads it at the head. */
export function reviewTask(candidate: ReviewCandidate, pr: CommitRef, deps: TaskDeps, options: { maxBytes: number; focusAreas: readonly FocusArea[]; tied: Promise<void> }): FileTask {
  const path = candidate.file.path;
  return serviceTask(path, deps, options.focusAreas, async (signal) => {
    const read = await readReviewableText(deps.source, pr, candidate, { maxBytes: options.maxBytes, signal });
    if (read.text.trim() === '') throw new SkippedFileError(path, 'empty at the head commit');
    // Read ahead, but sent (or answered from the cache) only once its list is the head's.
    await untilTied(options.tied, signal);
    return { text: read.text, language: read.language };
  });
}

/** Waits for `tied`; throws once `signal` aborts first (the queue stopped). */
async function untilTied(tied: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw signal.reason;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([tied, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
