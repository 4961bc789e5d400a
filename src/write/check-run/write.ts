/**
 * Writing the check run: holding for every open pull request the commit heads
 * (commit-check-run.ts), and never throwing: a refused or failed write is data the later
 * surfaces show, and the verdict stands.
 *
 * A merge group's head is the queue's own commit: no pull request heads it, so no other verdict
 * can share its check run, and its check run carries no verdict record (the records are per pull
 * request, and the queue commit has none). It is written on its own, updated by a re-run of the
 * same group like any of review-gate's check runs.
 */
import { describeError } from '../../domain/errors';
import type { Logger } from '../../domain/logger';
import { isMergeGroup } from '../../domain/pull-request';
import type { CommitRef, ReviewTarget } from '../../domain/pull-request';
import type { CheckRunReport } from '../../domain/writes';
import { GitHubApiError } from '../../github/errors';
import { GitHubTimeoutError } from '../../github/octokit';
import { shortSha } from '../../domain/object-name';
import { writeCommitCheckRun } from './commit-check-run';
import type { CommitCheckDeps, CommitCheckWritten } from './commit-check-run';
import { whyItStands } from './commit-check-content';
import { upsertCheckRun } from './upsert';
import type { VerdictFacts } from './verdict-records';
import type { CheckRunContent, CheckRunContext } from './upsert';

/**
 * Whether a run stopped by `error` should still try to fail its check run. Not when GitHub gave
 * no answer in time: the check run would wait out the same timeouts and retries again, for a
 * write that would most likely get no answer either (the job fails either way).
 */
export function canReportStop(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause !== undefined && depth < 10; depth++) {
    if (cause instanceof GitHubTimeoutError) return false;
    if (cause instanceof GitHubApiError && cause.status === undefined) return false;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return true;
}

/** The one line for a token that may not write check runs: which permission to add. */
export function checksPermissionMessage(pr: CommitRef, status: number | undefined, githubMessage: string): string {
  return (
    `No check run was written on ${shortSha(pr.headSha)}: the GitHub token may not write check runs in ${pr.owner}/${pr.repo} ` +
    `(GitHub answered ${status ?? 'nothing'}: ${githubMessage}). Add \`checks: write\` to the job's permissions; ` +
    'a pull request from a fork gets a read-only token (see "Pull requests from forks" in the README). The verdict stands'
  );
}

/**
 * Writes the check run, holding for every open pull request the commit heads (see
 * commit-check-run.ts), or a merge group's own; never throws: how it ended is data the other
 * surfaces show.
 */
export async function publishCheckRun(
  context: CheckRunContext,
  pr: ReviewTarget,
  content: CheckRunContent,
  log: Logger,
  /** `facts`: what a pull request's verdict rests on, recorded with it (ignored for a merge group). */
  deps: CommitCheckDeps & { facts: VerdictFacts },
): Promise<CheckRunReport> {
  let report: CheckRunReport;
  let conclusion = content.conclusion;
  try {
    const written = await writeFor(context, pr, content, deps);
    if (written.kind === 'read-only') report = { kind: 'read-only', message: checksPermissionMessage(pr, written.status, written.githubMessage) };
    else {
      const { kind, created, id, url, annotations, heldBy, earlier } = written;
      conclusion = written.conclusion;
      if (earlier !== undefined) log.warning(`The check run on ${shortSha(content.headSha)} stays ${conclusion}: ${whyItStands(earlier.verdict, earlier.standing, (title) => title)}`);
      report = { kind, created, id, ...(url === undefined ? {} : { url }), annotations };
      const held = heldBy.flatMap((v) => (v.conclusion === 'success' ? [] : [{ pr: v.pr, conclusion: v.conclusion, title: v.title }]));
      if (held.length > 0) report.heldBy = held;
    }
  } catch (error) {
    report = { kind: 'failed', message: `the check run could not be written to GitHub: ${describeError(error)}` };
  }
  if (report.kind === 'read-only' || report.kind === 'failed') log.warning(report.message);
  else if (report.kind === 'written') {
    log.info(
      `Check run '${content.name}' ${report.created ? 'created' : 'updated'} on ${shortSha(content.headSha)}: ${conclusion}, ` +
        `${report.annotations} annotations${report.url === undefined ? '' : `: ${report.url}`}`,
    );
  }
  return report;
}

async function writeFor(context: CheckRunContext, target: ReviewTarget, content: CheckRunContent, deps: CommitCheckDeps & { facts: VerdictFacts }): Promise<CommitCheckWritten> {
  const repository = { owner: target.owner, repo: target.repo };
  const { facts, ...rest } = deps;
  if (!isMergeGroup(target)) return writeCommitCheckRun(context, repository, content, { pr: target.number, ...facts }, rest);
  const written = await upsertCheckRun(context, repository, content, deps.started === undefined ? {} : { started: deps.started });
  return written.kind === 'read-only' ? written : { ...written, conclusion: content.conclusion, heldBy: [] };
}
