/**
 * A draft pull request with `skip-drafts: true`: nothing is reviewed or posted, and every surface
 * says so in the same one line. The check run concludes `neutral`, never `success` — a required
 * check must not pass what nobody looked at — and the step exits 0, so a draft is not shown as
 * broken. `ready_for_review` starts the run that reviews it.
 */
import { describeError } from '../domain/errors';
import type { Logger } from '../domain/logger';
import type { PullRequestRef } from '../domain/pull-request';
import type { VerdictSurfaces } from '../run/publish';
import type { ActionsIo } from './io';

export const SKIPPED_DRAFT_TITLE = 'Skipped: draft pull request (skip-drafts: true)';

export function skippedDraftLine(pr: PullRequestRef): string {
  return `Skipped: #${pr.number} is a draft and skip-drafts is true; marking it ready for review (the ready_for_review event) reviews it.`;
}

export async function publishSkippedDraft(options: {
  pr: PullRequestRef;
  io: ActionsIo;
  log: Logger;
  /** Absent when `check-run` is off, or in a dry run. */
  checkRun: VerdictSurfaces['checkRun'];
  hasJobSummary: boolean;
}): Promise<void> {
  const { pr, io, checkRun } = options;
  const line = skippedDraftLine(pr);
  io.info(line);
  if (checkRun !== undefined) {
    const { target } = checkRun;
    await checkRun.write({
      name: target.name,
      headSha: pr.headSha,
      conclusion: 'neutral',
      title: SKIPPED_DRAFT_TITLE,
      summary: `${line}\n`,
      annotations: [],
      ...(target.detailsUrl === undefined ? {} : { detailsUrl: target.detailsUrl }),
    });
  }
  if (options.hasJobSummary) {
    try {
      await io.writeJobSummary(`${line}\n`);
    } catch (error) {
      options.log.warning(`The job summary could not be written (${describeError(error)}).`);
    }
  }
  io.setOutput('result', 'neutral');
  io.setOutput('reasons', line);
}
