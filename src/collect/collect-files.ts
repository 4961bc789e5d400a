/**
 * The collect stage: the pull request's changed files, each chosen for review, skipped by the
 * user's configuration, or not reviewed (incomplete) with its reason.
 */
import type { Settings } from '../config/settings';
import { describeOutcome } from '../domain/describe-outcome';
import type { PipelineProgress } from '../domain/progress';
import type { Logger } from '../domain/logger';
import type { CommitRef, PullRequestSource } from '../domain/pull-request';
import { selectFiles } from './select';
import type { Selection } from './select';

export interface Collected {
  selection: Selection;
  /** GitHub's list stopped at 3,000 files: files past it were never seen. */
  listTruncated: boolean;
}

export async function collectFiles(
  settings: Settings,
  pr: CommitRef,
  source: PullRequestSource,
  log: Logger,
  progress?: PipelineProgress,
): Promise<Collected> {
  return log.group('Collect changed files', async () => {
    const listed = await source.listChangedFiles(pr);
    const selection = selectFiles(listed.files, settings);
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
  });
}
