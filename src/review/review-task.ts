/**
 * One file's review as a task of the queue (queue.ts): read the content that runs at its path
 * (collect/text/read-text.ts) ahead, wait until its list is the head's, ask the result cache, and only
 * then send it. Files whose requests are the same share one request. injection-check's second
 * review of the same file (second-review.ts) is a task of its own, sent what this one read with its
 * comments and strings blanked, so each request gets the queue's retries, pauses and pace.
 */
import { SkippedFileError } from '../collect/errors';
import { readReviewableText } from '../collect/text/read-text';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import type { FocusArea, ReviewLanguage } from '../domain/vocabulary';
import type { Logger } from '../domain/logger';
import type { CachedReview, ReviewOnce } from './cached-review';
import type { QueueTask } from './queue';
import type { ReviewRequest, ReviewResult } from '../service/types';

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
  /** What was reviewed in place of the blob the diff shows (a link's target, an LFS pointer's content). */
  insteadOf?: string;
  /** Read through a symbolic link: its request may share a link target's answer. */
  throughLink: boolean;
}

/** What a task uses of the review stage's dependencies. */
export interface TaskDeps {
  source: PullRequestSource;
  reviewOnce: ReviewOnce;
  cache?: Pick<CachedReview, 'lookup'>;
  log: Logger;
}

export interface FileTask extends QueueTask<TaskAnswer> {
  /** The code sent, while it is held. */
  content(): string | undefined;
  /** Forgets the code (once the answer is located), so memory does not grow with the files. */
  drop(): void;
  /** The language the file is sent as, once it is read (an extensionless file's is its `#!` line's). */
  language(): ReviewLanguage | undefined;
  fromCache(): boolean;
  /** Its answer is another file's: the same request was sent once for both (no tokens of its own). */
  shared(): boolean;
  /** What was reviewed in place of the blob the diff shows (a link's target, an LFS pointer's content). */
  insteadOf(): string | undefined;
  /** The file as read, once its list is the head's; undefined when it never is (skipped, not readable, stopped). */
  readonly read: Promise<FileRead | undefined>;
}

/**
 * One request per content reached through a link: a link and its target, or two links to one
 * file, whose requests are the same, share one answer. Files that merely hold the same text are
 * each reviewed, as before. An attempt that fails is not shared: a retry asks again.
 */
export type SharedAnswers = Map<string, { answer: Promise<ReviewResult>; throughLink: boolean }>;

/**
 * A task sending the code `load` gives (or answering without a request when it gives `NOT_SENT`
 * or the cache holds the answer). `load` runs once, before the first attempt.
 */
export function serviceTask(
  path: string,
  deps: TaskDeps,
  focusAreas: readonly FocusArea[],
  shared: SharedAnswers,
  load: (signal: AbortSignal) => Promise<FileRead | NotSent>,
): FileTask {
  let code: string | undefined;
  let loaded: FileRead | undefined;
  let cached = false;
  let sharing = false;
  let settleRead: (read: FileRead | undefined) => void = () => undefined;
  const read = new Promise<FileRead | undefined>((resolve) => (settleRead = resolve));
  const request = (): ReviewRequest => ({
    code: code ?? '',
    ...(loaded === undefined ? {} : { language: loaded.language }),
    ...(focusAreas.length > 0 ? { focus_areas: [...focusAreas] } : {}),
  });
  return {
    label: path,
    read,
    content: () => code,
    drop: () => {
      code = undefined;
    },
    language: () => loaded?.language,
    fromCache: () => cached,
    shared: () => sharing,
    insteadOf: () => loaded?.insteadOf,
    prepare: async (signal) => {
      let given: FileRead | NotSent;
      try {
        given = await load(signal);
      } catch (error) {
        settleRead(undefined);
        throw error;
      }
      if ('notSent' in given) {
        settleRead(undefined);
        return { answer: NOT_SENT };
      }
      code = given.text;
      loaded = given;
      settleRead(given);
      const hit = await deps.cache?.lookup(request(), path);
      if (hit === undefined) return undefined;
      cached = true;
      return { answer: hit };
    },
    attempt: (signal) => {
      const key = JSON.stringify(request());
      const throughLink = loaded?.throughLink === true;
      const first = shared.get(key);
      sharing = first !== undefined && (first.throughLink || throughLink);
      if (sharing && first !== undefined) return first.answer;
      const answer = deps.reviewOnce(request(), { signal, path });
      const entry = { answer, throughLink };
      shared.set(key, entry);
      void answer.catch(() => {
        if (shared.get(key) === entry) shared.delete(key);
      });
      return answer;
    },
  };
}

/** The first review of a candidate: the content that runs at its path at the head. */
export function reviewTask(
  candidate: ReviewCandidate,
  pr: CommitRef,
  deps: TaskDeps,
  options: { maxBytes: number; focusAreas: readonly FocusArea[]; tied: Promise<void>; shared: SharedAnswers },
): FileTask {
  const path = candidate.file.path;
  return serviceTask(path, deps, options.focusAreas, options.shared, async (signal) => {
    const read = await readReviewableText(deps.source, pr, candidate, { maxBytes: options.maxBytes, signal });
    if (read.text.trim() === '') throw new SkippedFileError(path, 'empty at the head commit');
    if (read.insteadOf !== undefined) {
      deps.log.info(`${path}: reviewing ${read.insteadOf}, not the blob its diff shows; each of its findings counts as on a line the change adds (diff unknown), and none is posted inline.`);
    }
    // Read ahead, but sent (or answered from the cache) only once its list is the head's.
    await untilTied(options.tied, signal);
    return { text: read.text, language: read.language, ...(read.insteadOf === undefined ? {} : { insteadOf: read.insteadOf }), throughLink: read.linkTarget !== undefined };
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
