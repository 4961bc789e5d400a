/**
 * The pipeline, over interfaces: collect → review → map → report → gate. No I/O of its own:
 * GitHub, the review service, the clock and the log come in as `PipelineDeps`, so the whole
 * middle is tested with plain objects.
 */
import { isApiError } from './review/service/errors';
import type { RetryPolicy } from './review/service/retry';
import type { ReviewRequest, ReviewResult } from './review/service/types';
import { isPatchParseError, parsePatch } from './locate';
import { shortSha } from './github/pull-head';
import type { PatchIndex } from './locate';
import { decide } from './gate/decide';
import { labelFindings } from './locate/label';
import { runQueue } from './review/queue';
import type { QueueClock, QueueTask, TaskOutcome } from './review/queue';
import { planInlineComments } from './report/inline-plan';
import type { InlinePlan } from './report/inline-plan';
import { renderRunSummary } from './report/run-summary';
import { selectFiles } from './collect/select';
import { readReviewableText } from './collect/read-text';
import { isBinaryFileError, isNotReviewableError } from './collect/errors';
import { deadlineReason, isFatalCode, stopReason } from './review/stop';
import type { Settings } from './config/settings';
import type { PipelineProgress } from './review/progress';
import type { WalkthroughOutcome } from './report/walkthrough';
import type {
  ChangedFile,
  FileOutcome,
  GateVerdict,
  LabelledFinding,
  PostReviewResult,
  PullRequestRef,
  PullRequestSource,
  ReviewCandidate,
  ReviewPublisher,
  UpsertSummaryResult,
} from './types';

export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  group<T>(name: string, run: () => Promise<T>): Promise<T>;
}

export interface PipelineDeps {
  source: PullRequestSource;
  /** One review attempt, no retry: the queue owns retries. `signal` aborts it at max-duration. */
  reviewOnce(request: ReviewRequest, options: { signal: AbortSignal }): Promise<ReviewResult>;
  /** Undefined in a dry run: nothing is posted. */
  publisher: ReviewPublisher | undefined;
  clock: QueueClock;
  log: Logger;
  retryPolicy: RetryPolicy;
  /** Told as files are listed, end, retry and pause (the terminal's progress); optional. */
  progress?: PipelineProgress;
  /** Writes the walkthrough shown atop the summary (input `walkthrough`); never throws. */
  walkthrough?(report: Omit<RunReport, 'posting' | 'summary'>): Promise<WalkthroughOutcome>;
}

export type PostingReport = PostReviewResult | { kind: 'dry-run' } | { kind: 'failed'; message: string };

export interface RunReport {
  pr: PullRequestRef;
  outcomes: FileOutcome[];
  findings: LabelledFinding[];
  plan: InlinePlan;
  verdict: GateVerdict;
  tokensUsed: number;
  listTruncated: boolean;
  posting: PostingReport;
  summary: UpsertSummaryResult | { kind: 'dry-run' } | { kind: 'failed'; message: string };
  /** Set when a walkthrough was asked for: the text, or the one line saying why there is none. */
  walkthrough?: WalkthroughOutcome;
}

type Settled = { outcome: FileOutcome; tokens: number };

/** A file found not worth reviewing while reading it (empty): it ends as skipped. */
export class SkipFile extends Error {
  override readonly name = 'SkipFile' as const;
}

export async function runPipeline(settings: Settings, pr: PullRequestRef, deps: PipelineDeps): Promise<RunReport> {
  const { log } = deps;
  const deadline = { at: deps.clock.now() + settings.maxDurationMs, reason: deadlineReason(settings.maxDurationMs) };

  const { listTruncated, selection } = await log.group('Collect changed files', async () => {
    const listed = await deps.source.listChangedFiles(pr);
    const chosen = selectFiles(listed.files, settings);
    const past = chosen.notReviewed.length > 0 ? `, ${chosen.notReviewed.length} not reviewed` : '';
    log.info(`${listed.files.length} changed files; ${chosen.candidates.length} to review, ${chosen.skipped.length} skipped${past}`);
    for (const outcome of [...chosen.notReviewed, ...chosen.skipped]) log.info(describeOutcome(outcome));
    deps.progress?.collected?.({
      listed: listed.files.length,
      toReview: chosen.candidates.length,
      skipped: chosen.skipped.length,
      notReviewed: chosen.notReviewed.length,
    });
    return { listTruncated: listed.truncated, selection: chosen };
  });

  const settled = await log.group(`Review ${selection.candidates.length} files`, async () => {
    const tasks = selection.candidates.map((candidate) => reviewTask(candidate, settings, pr, deps));
    // Settled as each file ends, so a watcher sees done/total as it happens.
    const ended: Settled[] = [];
    let done = 0;
    await runQueue(tasks, {
      concurrency: settings.concurrency,
      policy: deps.retryPolicy,
      clock: deps.clock,
      stopReason,
      deadline,
      onRetry: (info, label) => {
        log.info(`↻ ${label}: ${describeError(info.error)}; retry ${info.retryNumber} in ${Math.ceil(info.delayMs / 1000)}s`);
        deps.progress?.retry?.(label, describeError(info.error), info.retryNumber, info.delayMs);
      },
      onPause: (ms, label) => {
        log.info(`⏸ ${label}: the service asked to wait; pausing every worker for ${Math.ceil(ms / 1000)}s`);
        deps.progress?.pause?.(label, ms);
      },
      onSettled: (i, result) => {
        const file = settle(result, selection.candidates[i] as ReviewCandidate, tasks[i], log);
        ended[i] = file;
        done += 1;
        deps.progress?.fileDone?.(file.outcome, done, tasks.length);
      },
    });
    for (const { outcome } of ended) log.info(describeOutcome(outcome));
    return ended;
  });

  const outcomes: FileOutcome[] = [...settled.map((s) => s.outcome), ...selection.notReviewed, ...selection.skipped];
  const findings = outcomes.flatMap((o) => (o.kind === 'reviewed' ? o.findings : []));
  const tokensUsed = settled.reduce((sum, s) => sum + s.tokens, 0);
  const fatal = settled.map((s) => s.outcome).find((o) => o.kind === 'failed' && isFatalCode(o.code));
  const verdict = decide(
    { outcomes, listTruncated, ...(fatal?.kind === 'failed' ? { fatal: fatal.reason } : {}) },
    settings,
  );
  const plan = planInlineComments(findings, settings.maxComments);
  const reviewed = { pr, outcomes, findings, plan, verdict, tokensUsed, listTruncated };
  const walkthrough = deps.walkthrough === undefined ? undefined : await deps.walkthrough(reviewed);
  const partial = walkthrough === undefined ? reviewed : { ...reviewed, walkthrough };

  if (deps.publisher === undefined) {
    log.info('Dry run: nothing is posted to the pull request.');
    return { ...partial, posting: { kind: 'dry-run' }, summary: { kind: 'dry-run' } };
  }
  const publisher = deps.publisher;
  const published = await log.group('Post the review', () => publish(publisher, partial, log));
  // Posting runs before the verdict is final: a review that could not land fails the check
  // too, so nothing is lost silently — but only after outputs and the job summary are written.
  if (published.posting.kind === 'read-only') {
    verdict.notices.push('Nothing was posted to the pull request (read-only token): the findings are in the annotations and this job summary');
  }
  const superseded = published.posting.kind === 'superseded' ? published.posting : published.summary.kind === 'superseded' ? published.summary : undefined;
  if (superseded !== undefined) {
    // Not a failure: the verdict stands for the commit reviewed, and the run on the new head gates the pull request.
    verdict.notices.push(supersededNotice(pr.headSha, superseded.headSha, published.posting.kind === 'superseded'));
  }
  const failures = [published.posting, published.summary].flatMap((p) => (p.kind === 'failed' ? [p.message] : []));
  if (failures.length > 0) {
    verdict.result = 'failed';
    verdict.reasons.push(...failures);
  }
  return { ...partial, ...published };
}

async function publish(
  publisher: ReviewPublisher,
  partial: Omit<RunReport, 'posting' | 'summary'>,
  log: Logger,
): Promise<Pick<RunReport, 'posting' | 'summary'>> {
  const { pr, plan, verdict } = partial;
  let posting: PostingReport;
  try {
    posting = await publisher.postReview(pr, plan.comments, reviewBody(verdict, pr.headSha));
  } catch (error) {
    posting = { kind: 'failed', message: `the review could not be posted to GitHub: ${describeError(error)}` };
  }
  if (posting.kind === 'read-only') {
    log.warning(posting.message);
    return { posting, summary: { kind: 'read-only', message: posting.message } };
  }
  if (posting.kind === 'superseded') {
    log.info(`The pull request's head moved to ${shortSha(posting.headSha)} during the run: no review and no summary posted for ${shortSha(pr.headSha)}`);
    return { posting, summary: posting };
  }
  if (posting.kind === 'failed') log.warning(posting.message);
  else {
    log.info(
      `Review ${posting.reviewUrl ?? '(none: nothing new)'}: ${posting.posted.length} new inline comments, ` +
        `${posting.alreadyPresent.length} already on the pull request, ${posting.rejected.length} rejected by GitHub`,
    );
  }
  let summary: UpsertSummaryResult | { kind: 'failed'; message: string };
  try {
    summary = await publisher.upsertSummary(pr, renderRunSummary({ ...partial, posting }, 'comment'));
  } catch (error) {
    summary = { kind: 'failed', message: `the summary comment could not be posted to GitHub: ${describeError(error)}` };
  }
  if (summary.kind === 'read-only' || summary.kind === 'failed') log.warning(summary.message);
  else if (summary.kind === 'superseded') log.info(`The pull request's head moved to ${shortSha(summary.headSha)}: the summary comment is left to the run on it`);
  else log.info(`Summary comment ${summary.kind}${summary.url === undefined ? '' : `: ${summary.url}`}`);
  return { posting, summary };
}

interface ReviewTask extends QueueTask<ReviewResult> {
  content(): string | undefined;
}

function reviewTask(candidate: ReviewCandidate, settings: Settings, pr: PullRequestRef, deps: PipelineDeps): ReviewTask {
  let code: string | undefined;
  return {
    label: candidate.file.path,
    content: () => code,
    prepare: async (signal) => {
      const text = await readReviewableText(deps.source, pr, candidate, { maxBytes: settings.maxFileSize, signal });
      if (text.trim() === '') throw new SkipFile('empty at the head commit');
      code = text;
    },
    attempt: (signal) =>
      deps.reviewOnce(
        {
          code: code ?? '',
          language: candidate.language,
          ...(settings.focusAreas.length > 0 ? { focus_areas: settings.focusAreas } : {}),
        },
        { signal },
      ),
  };
}

function settle(
  result: TaskOutcome<ReviewResult>,
  candidate: ReviewCandidate,
  task: ReviewTask | undefined,
  log: Logger,
): Settled {
  const path = candidate.file.path;
  switch (result.state) {
    case 'fulfilled': {
      const content = task?.content() ?? '';
      const findings = labelFindings({
        path,
        issues: result.value.issues,
        patch: indexPatch(candidate.file, log),
        content,
      });
      return {
        outcome: { kind: 'reviewed', path, language: candidate.language, result: result.value, findings },
        tokens: result.value.usage.total_tokens,
      };
    }
    case 'cancelled':
      return { outcome: { kind: 'failed', path, reason: result.reason }, tokens: 0 };
    case 'rejected': {
      const error = result.error;
      if (error instanceof SkipFile) return { outcome: { kind: 'skipped', path, reason: error.message }, tokens: 0 };
      if (isBinaryFileError(error)) return { outcome: { kind: 'skipped', path, reason: error.reason }, tokens: 0 };
      if (isNotReviewableError(error)) return { outcome: { kind: 'failed', path, reason: error.reason }, tokens: 0 };
      const outcome: FileOutcome = { kind: 'failed', path, reason: stopReason(error) ?? describeError(error) };
      if (isApiError(error)) {
        outcome.code = error.code;
        if (error.requestId !== undefined) outcome.requestId = error.requestId;
      }
      return { outcome, tokens: 0 };
    }
  }
}

/**
 * The file's added lines. A missing patch means "diff unknown" — except for a pure rename or a
 * mode change (GitHub reports no line changed and sends no patch): nothing was added there, and
 * code that only moved must not fail the gate as if it were new. A patch GitHub sent but we
 * cannot parse is treated as unknown too, never as "unchanged".
 */
function indexPatch(file: ChangedFile, log: Logger): PatchIndex | undefined {
  if (file.patch === undefined) {
    const nothingChanged = file.additions === 0 && file.deletions === 0;
    return nothingChanged && (file.status === 'renamed' || file.status === 'changed') ? parsePatch('', file.path) : undefined;
  }
  try {
    return parsePatch(file.patch, file.path);
  } catch (error) {
    if (!isPatchParseError(error)) throw error;
    log.warning(`${error.message}; its findings are reported as "diff unknown" and not posted inline.`);
    return undefined;
  }
}

export function describeError(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function describeOutcome(outcome: FileOutcome): string {
  switch (outcome.kind) {
    case 'reviewed': {
      const count = (severity: string): string => {
        const n = outcome.findings.filter((f) => f.severity === severity).length;
        return `${n} ${severity}${n === 1 ? '' : 's'}`;
      };
      return `✓ ${outcome.path}: score ${outcome.result.quality_score}, ${count('error')}, ${count('warning')}, ${count('info')}`;
    }
    case 'skipped':
      return `– ${outcome.path}: skipped, ${outcome.reason}`;
    case 'failed':
      return `✗ ${outcome.path}: ${outcome.reason}${outcome.requestId === undefined ? '' : ` (request ${outcome.requestId})`}`;
  }
}

function supersededNotice(reviewed: string, head: string, nothingPosted: boolean): string {
  const what = nothingPosted
    ? 'so neither a review nor a summary comment was posted for it'
    : 'after its review was posted, so the summary comment was left to the newer run';
  return (
    `Superseded: the pull request's head moved from ${shortSha(reviewed)} to ${shortSha(head)} during this run, ${what}. ` +
    `This verdict is for ${shortSha(reviewed)}; the run on ${shortSha(head)} gates the pull request`
  );
}

/** The review's own text; which comments it carries is only known once duplicates are skipped. */
function reviewBody(verdict: GateVerdict, headSha: string): string {
  const status = verdict.result === 'passed' ? '✅ passed' : '❌ failed';
  return `**review-gate** ${status} at \`${shortSha(headSha)}\`: findings on lines this pull request adds are below; the summary comment has the verdict and the details.`;
}
