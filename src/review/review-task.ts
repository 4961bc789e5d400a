/**
 * One file's review task for the queue: read the content that runs at its path (collect/read-text.ts),
 * ask the result cache, then the service, once its list is tied to the head. Files whose requests
 * are the same share one request.
 */
import { SkippedFileError } from '../collect/errors';
import { readReviewableText } from '../collect/read-text';
import type { Settings } from '../config/settings';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import type { FocusArea, ReviewLanguage } from '../domain/vocabulary';
import type { QueueTask } from './queue';
import type { CachedReview, ReviewOnce } from './cached-review';
import type { Logger } from '../domain/logger';
import type { ReviewRequest, ReviewResult } from './service/types';

/** What a task uses of the review stage's dependencies. */
export interface TaskDeps {
  source: PullRequestSource;
  reviewOnce: ReviewOnce;
  cache?: Pick<CachedReview, 'lookup'>;
  log: Logger;
}

export interface ReviewTask extends QueueTask<ReviewResult> {
  content(): string | undefined;
  /** Forgets the file's text (once its answer is located), so memory does not grow with the files. */
  drop(): void;
  /** The language the file is sent as, once it is read (an extensionless file's is its `#!` line's). */
  language(): ReviewLanguage | undefined;
  fromCache(): boolean;
  /** Its answer is another file's: the same request was sent once for both (no tokens of its own). */
  shared(): boolean;
  /** What was reviewed in place of the blob the diff shows (a link's target, an LFS pointer's content). */
  insteadOf(): string | undefined;
}

/**
 * One request per content reached through a link: a link and its target, or two links to one
 * file, whose requests are the same, share one answer. Files that merely hold the same text are
 * each reviewed, as before. An attempt that fails is not shared: a retry asks again.
 */
export type SharedAnswers = Map<string, { answer: Promise<ReviewResult>; throughLink: boolean }>;

export function reviewTask(
  candidate: ReviewCandidate,
  settings: Settings,
  pr: CommitRef,
  deps: TaskDeps,
  focusAreas: readonly FocusArea[],
  tied: Promise<void>,
  shared: SharedAnswers,
): ReviewTask {
  const path = candidate.file.path;
  let code: string | undefined;
  let language: ReviewLanguage | undefined;
  let insteadOf: string | undefined;
  let throughLink = false;
  let cached = false;
  let sharing = false;
  const request = (): ReviewRequest => ({
    code: code ?? '',
    ...(language === undefined ? {} : { language }),
    ...(focusAreas.length > 0 ? { focus_areas: [...focusAreas] } : {}),
  });
  return {
    label: path,
    content: () => code,
    drop: () => {
      code = undefined;
    },
    language: () => language,
    fromCache: () => cached,
    shared: () => sharing,
    insteadOf: () => insteadOf,
    prepare: async (signal) => {
      const read = await readReviewableText(deps.source, pr, candidate, { maxBytes: settings.maxFileSize, signal });
      if (read.text.trim() === '') throw new SkippedFileError(path, 'empty at the head commit');
      code = read.text;
      language = read.language;
      insteadOf = read.insteadOf;
      throughLink = read.linkTarget !== undefined;
      if (insteadOf !== undefined) {
        deps.log.info(`${path}: reviewing ${insteadOf}, not the blob its diff shows; each of its findings counts as on a line the change adds (diff unknown), and none is posted inline.`);
      }
      // Read ahead, but sent (or answered from the cache) only once its list is the head's.
      await untilTied(tied, signal);
      const hit = await deps.cache?.lookup(request(), path);
      if (hit === undefined) return undefined;
      cached = true;
      return { answer: hit };
    },
    attempt: (signal) => {
      const key = JSON.stringify(request());
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

