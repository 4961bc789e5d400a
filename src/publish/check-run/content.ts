/**
 * The check run: a surface of the one verdict, rendered from it after the gate decides, like the
 * summary comment. Its conclusion is the verdict, its title the verdict line, its summary the run's
 * summary within GitHub's 65,535 characters, and it carries an annotation for each finding on an
 * added line, the most severe first, up to `MAX_CHECK_RUN_ANNOTATIONS` (not the workflow's
 * per-step cap of 10: the check run's annotations are its own). Its summary says how many were
 * left out and where every finding is.
 *
 * It is written on the commit the run reviewed, even when a push superseded it during the run: a
 * check run belongs to one commit, so the verdict for that commit is true there, and the run on
 * the new head writes the new head's check. Writing it never changes the verdict: a refusal or a
 * failure is reported on the other surfaces instead.
 */
import { reasonTexts } from '../../domain/verdict';
import { describeError } from '../../domain/errors';
import { GitHubApiError } from '../../github/errors';
import { GitHubTimeoutError } from '../../github/octokit';
import { shortSha } from '../../github/pull-head';
import type { CheckRunReport } from '../../domain/writes';
import type { GateVerdict } from '../../domain/verdict';
import { stoppedVerdict } from '../../gate/decide';
import type { LabelledFinding } from '../../domain/findings';
import type { Logger } from '../../domain/logger';
import type { PullRequestRef } from '../../domain/pull-request';
import type { CheckAnnotation, CheckConclusion, CheckRunContent, CheckRunContext } from './upsert';
import { writeCommitCheckRun } from './commit-check-run';
import type { CommitCheckDeps } from './commit-check-run';
import { planAnnotations } from '../annotations';
import type { AnnotationCaps, AnnotationLevel } from '../annotations';
import { VERDICT_HEADING } from '../summary/summary';
import { inlineText, plainText } from '../../report/markdown/sanitize';
import { plural } from '../../domain/words';

export const CONCLUSION: Readonly<Record<GateVerdict['result'], CheckConclusion>> = {
  passed: 'success',
  failed: 'failure',
  neutral: 'neutral',
};

const LEVEL: Readonly<Record<AnnotationLevel, CheckAnnotation['annotation_level']>> = { error: 'failure', warning: 'warning', notice: 'notice' };
const NO_CAP = Number.MAX_SAFE_INTEGER;
const UNCAPPED: AnnotationCaps = { error: NO_CAP, warning: NO_CAP, notice: NO_CAP };

/**
 * Annotations one check run carries at most. Each 50 cost a write to GitHub, and writes are paced
 * at one a second after the first five of a run (GitHub's guidance), so 30,000 findings would keep
 * the job busy for ten minutes; 250 cost five writes, a few seconds at most. It is also more than a
 * reader walks through in the diff: GitHub itself stops a job's own annotations at 50. The job
 * summary, the log, the SARIF file and the JSON report list every finding.
 */
export const MAX_CHECK_RUN_ANNOTATIONS = 250;
/** Titles show on one line; the summary carries every reason in full. */
const MAX_TITLE = 255;

/** The verdict line, as plain text: `Failed: 2 error findings on added lines (fail-on-severity: error)`. */
export function verdictTitle(verdict: Pick<GateVerdict, 'result' | 'reasons'>): string {
  const word = VERDICT_HEADING[verdict.result].replace(/^\S+\s/, '');
  return plainText(verdict.reasons.length === 0 ? word : `${word}: ${reasonTexts(verdict).join('; ')}`, MAX_TITLE);
}

export interface CheckRunAnnotations {
  /** At most the cap, most severe first: every error the gate counts comes before any warning. */
  annotations: CheckAnnotation[];
  /** Findings that would be annotated but for the cap. */
  leftOut: number;
}

/** The findings on added lines (and those the gate counts without one) as check-run annotations, most severe first, at most `cap`. */
export function checkAnnotations(findings: readonly LabelledFinding[], cap = MAX_CHECK_RUN_ANNOTATIONS): CheckRunAnnotations {
  const planned = planAnnotations([...findings], UNCAPPED).annotations;
  const annotations = planned.slice(0, cap).map((a) => ({
    path: a.path,
    start_line: a.line,
    end_line: a.line,
    annotation_level: LEVEL[a.level],
    title: a.title,
    message: a.message,
  }));
  return { annotations, leftOut: planned.length - annotations.length };
}

/** What the check run's summary says when the cap left findings out: how many, and where they all are. */
export function annotationsLeftOutNote(leftOut: number, cap = MAX_CHECK_RUN_ANNOTATIONS): string | undefined {
  if (leftOut <= 0) return undefined;
  return (
    `${plural(leftOut, 'more finding')} on added lines ${leftOut === 1 ? 'is' : 'are'} not annotated here: a check run carries the ${cap.toLocaleString('en-US')} most severe. ` +
    'Every finding is listed in the job summary of this run (in the log of its step when the summary has no room for them all), ' +
    'and in the SARIF file when sarif-file is set.'
  );
}

export interface CheckRunTarget {
  /** `check-name`. */
  name: string;
  detailsUrl?: string;
}

/**
 * The check run of a decided run. `summary` renders its summary, given the note on annotations
 * the cap left out (undefined when none were).
 */
export function checkRunContent(
  report: { pr: PullRequestRef; verdict: GateVerdict; findings: readonly LabelledFinding[] },
  summary: (annotationsNote: string | undefined) => string,
  target: CheckRunTarget,
): CheckRunContent {
  const { annotations, leftOut } = checkAnnotations(report.findings);
  return {
    name: target.name,
    headSha: report.pr.headSha,
    conclusion: CONCLUSION[report.verdict.result],
    title: verdictTitle(report.verdict),
    summary: summary(annotationsLeftOutNote(leftOut)),
    annotations,
    ...(target.detailsUrl === undefined ? {} : { detailsUrl: target.detailsUrl }),
  };
}

/** For a run that stopped before the gate could decide: the check fails, saying why (fail closed). */
export function stoppedRunContent(pr: PullRequestRef, message: string, target: CheckRunTarget): CheckRunContent {
  return checkRunContent({ pr, verdict: stoppedVerdict(message), findings: [] }, () => `## ${VERDICT_HEADING.failed}\n\n${inlineText(message, 4000)}\n`, target);
}

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

/** The workflow run's page (its job summary lists what a check-run summary has no room for), from the runner's variables. */
export function workflowRunUrl(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
  if (server === undefined || repository === undefined || runId === undefined || !/^\d+$/.test(runId)) return undefined;
  return `${server.replace(/\/+$/, '')}/${repository}/actions/runs/${runId}`;
}

/** The one line for a token that may not write check runs: which permission to add. */
export function checksPermissionMessage(pr: PullRequestRef, status: number | undefined, githubMessage: string): string {
  return (
    `No check run was written on ${shortSha(pr.headSha)}: the GitHub token may not write check runs in ${pr.owner}/${pr.repo} ` +
    `(GitHub answered ${status ?? 'nothing'}: ${githubMessage}). Add \`checks: write\` to the job's permissions; ` +
    'a pull request from a fork gets a read-only token (see "Pull requests from forks" in the README). The verdict stands'
  );
}

/**
 * Writes the check run, holding for every open pull request the commit heads (see
 * github/commit-check-run.ts); never throws: how it ended is data the other surfaces show.
 */
export async function publishCheckRun(
  context: CheckRunContext,
  pr: PullRequestRef,
  content: CheckRunContent,
  log: Logger,
  deps: CommitCheckDeps = {},
): Promise<CheckRunReport> {
  let report: CheckRunReport;
  let conclusion = content.conclusion;
  try {
    const written = await writeCommitCheckRun(context, { owner: pr.owner, repo: pr.repo }, content, pr.number, deps);
    if (written.kind === 'read-only') report = { kind: 'read-only', message: checksPermissionMessage(pr, written.status, written.githubMessage) };
    else {
      const { kind, created, id, url, annotations, heldBy } = written;
      conclusion = written.conclusion;
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
