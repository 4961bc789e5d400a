/**
 * The collect stage: the pull request's changed files, each chosen for review, skipped by the
 * user's configuration, or not reviewed (incomplete) with its reason.
 *
 * The candidates come out as the list is read (`streamCollect`), a page at a time, so reviewing
 * starts on the first page while later pages are still listed. Each batch carries the promise
 * that its page is tied to the head under review: a file is read ahead, but sent for review only
 * once it is. A file whose diff the source may still prove unchanged (a rename without a patch,
 * base-blobs.ts) comes out with the whole list, once the proof is in.
 */
import type { Settings } from '../config/settings';
import { describeOutcome } from '../domain/describe-outcome';
import type { PipelineProgress } from '../domain/progress';
import type { Logger } from '../domain/logger';
import type { CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import { needsProof } from './api/base-blobs';
import { createSelector } from './select';
import type { Selection } from './select';

export interface Collected {
  selection: Selection;
  /** GitHub's list stopped at 3,000 files: files past it were never seen. */
  listTruncated: boolean;
}

/** Candidates that may be read now and reviewed once `tied` resolves. */
export interface CandidateBatch {
  candidates: ReviewCandidate[];
  tied: Promise<void>;
}

export interface CollectStream {
  /** The candidates in batches, as they are known; it ends when the list does (or fails). */
  batches: AsyncIterable<CandidateBatch>;
  /** The whole selection once the list is read and tied to the head; rejects as the list does. */
  done: Promise<Collected>;
}

export function streamCollect(
  settings: Settings,
  pr: CommitRef,
  source: PullRequestSource,
  log: Logger,
  progress?: PipelineProgress,
): CollectStream {
  const selector = createSelector(settings);
  const feed = createFeed<CandidateBatch>();
  /** Candidates held back until the list is whole. */
  const held: ReviewCandidate[] = [];
  let paged = 0;

  const done = (async (): Promise<Collected> => {
    try {
      const listed = await source.listChangedFiles(pr, {
        onPage: (files, tied) => {
          paged += files.length;
          const candidates = selector.add(files);
          held.push(...candidates.filter((c) => needsProof(c.file)));
          const now = candidates.filter((c) => !needsProof(c.file));
          if (now.length > 0) feed.push({ candidates: now, tied });
        },
      });
      // A source that reads its list at once gives it all here.
      const rest = selector.add(listed.files.slice(paged));
      if (held.length + rest.length > 0) feed.push({ candidates: [...held, ...rest], tied: Promise.resolve() });
      const { selection } = selector;
      const past = selection.notReviewed.length > 0 ? `, ${selection.notReviewed.length} not reviewed` : '';
      log.info(`${listed.files.length} changed files; ${selection.candidates.length} to review, ${selection.skipped.length} skipped${past}`);
      for (const outcome of [...selection.notReviewed, ...selection.skipped]) log.info(describeOutcome(outcome));
      progress?.collected?.({
        listed: listed.files.length,
        toReview: selection.candidates.length,
        skipped: selection.skipped.length,
        notReviewed: selection.notReviewed.length,
      });
      return { selection, listTruncated: listed.truncated };
    } finally {
      feed.end();
    }
  })();
  return { batches: feed, done };
}

/** The whole selection at once: the candidates, once the list is read and tied. */
export async function collectFiles(
  settings: Settings,
  pr: CommitRef,
  source: PullRequestSource,
  log: Logger,
  progress?: PipelineProgress,
): Promise<Collected> {
  return streamCollect(settings, pr, source, log, progress).done;
}

/** A queue read with `for await`: `push` adds, `end` closes it once what was pushed is read. */
function createFeed<T>(): AsyncIterable<T> & { push(value: T): void; end(): void } {
  const values: T[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  return {
    push(value) {
      values.push(value);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const next = values.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
