/**
 * The pipeline, one direction, ending at the verdict: collect → review, each answer (issues and
 * security flags) located against the diff as it arrives → dismissals read from the replies, as
 * labels, then the flags an issue stands for → the review planned and posted → the gate, once →
 * the threads of fixed findings closed. No I/O of its own:
 * GitHub, the review service, the clock and the log come in as `PipelineDeps`, so the whole is
 * tested with plain objects. Every surface of the verdict is written afterwards, from the report
 * this returns, by run/publish.ts.
 */
import { streamCollect } from '../collect/collect-files';
import type { Collected } from '../collect/collect-files';
import type { Settings } from '../config/settings';
import { answerFindings } from '../service/security-flags';
import type { FileOutcome } from '../domain/outcomes';
import { isMergeGroup } from '../domain/pull-request';
import type { ChangedFile, PullRequestRef, ReviewTarget } from '../domain/pull-request';
import { POLICY_PATH } from '../config/policy/keys';
import { fileSettingsResolver } from '../config/policy/resolve';
import type { RunReport } from '../domain/run-report';
import type { PostingReport, ReviewPublisher } from '../domain/writes';
import { decide } from '../gate/decide';
import { applyDismissals, judgeDismissals, markDismissedElsewhere, withOpenThreads } from '../locate/dismissals';
import { defang } from '../locate/defang';
import { locateAnswers } from '../locate/injection';
import { holdUnapproved } from '../locate/suppression-approval';
import { readApproval } from './read-approvals';
import type { ApprovalReader } from '../domain/approval';
import { foldFlagsIntoIssues } from '../locate/same-line-flags';
import { labelThresholds } from '../locate/thresholds';
import { closeFixedThreads, dismissalReplies, feedbackProblem, readFeedback } from './feedback';
import type { ReviewFeedback } from '../domain/feedback';
import { planInlineComments } from '../write/inline-plan';
import { postReview } from '../write/post-review';
import { needingBaseline, reviewBaselines } from '../review/baseline';
import { RateWindow } from '../review/rate-window';
import { reviewFiles } from '../review/review-files';
import type { LocateAnswer, ReviewDeps, Reviewed } from '../review/review-files';
import type { ReviewCandidate } from '../domain/pull-request';
import type { ReviewLanguage } from '../domain/vocabulary';
import { withFields } from '../domain/with-fields';

export interface PipelineDeps extends ReviewDeps {
  /** Posts the review; undefined in a dry run and in the terminal: nothing is posted. */
  publisher: Pick<ReviewPublisher, 'postReview'> | undefined;
  /** Reads replies (dismissals) and closes fixed findings' threads; undefined in the terminal. */
  feedback?: ReviewFeedback;
  /** Reads whether the pull request is approved at its head (suppressions-need-approval); undefined in the terminal. */
  approvals?: ApprovalReader;
}

/**
 * Reviews `target`. A merge group has no pull request: nothing is posted, whatever `deps` holds,
 * and the verdict is decided from the same rules as on a pull request. Its findings are the pull
 * request's findings, so the dismissals on the pull request its queue branch names count there
 * too (read, never answered); a group naming none or several reads none (they all count).
 */
export async function runPipeline(settings: Settings, target: ReviewTarget, given: PipelineDeps): Promise<RunReport> {
  // One rate window for the run's queues: the base versions' reviews start at the pace the head
  // files' reviews learned from the service's 429s, rather than learn it again with more of them;
  // and the first queue starts at the pace an earlier run stored, when the cache kept one.
  const deps: PipelineDeps = given.pace === undefined ? { ...given, pace: new RateWindow(await given.paceStore?.load()) } : given;
  const { log } = deps;
  const pr = isMergeGroup(target) ? undefined : target;
  const publisher = pr === undefined ? undefined : deps.publisher;
  const repliesOn = pr ?? queuedPullRequest(target);
  const deadlineAt = deps.clock.now() + settings.maxDurationMs;

  // Each file's settings under the policy's rules, resolved once: its request, its labels and its gate read them.
  const settingsOf = fileSettingsResolver(settings);
  const focusAreasOf = (file: ChangedFile) => settingsOf(file.path).focusAreas;

  const locate: LocateAnswer = (file, first, content, language, second) => locateAnswers(file, language, { first: answerFindings(first), second: second === undefined ? undefined : answerFindings(second) }, content, settingsOf(file.path), log);
  // injection-check: each file's second review sees it with its comments and strings blanked.
  const defangOf = (file: ChangedFile, content: string, language: ReviewLanguage) => (settingsOf(file.path).injectionCheck === 'off' ? undefined : defang(content, language, file.path));
  // Listing, reading and reviewing overlap: the review starts on the first page of the list.
  const collect = streamCollect(settings, target, deps.source, log, deps.progress);
  const listFailed = new AbortController();
  collect.done.catch(() => listFailed.abort('the list of changed files could not be read'));
  // Dismissals are labels like any other: read before the plan and the gate, never after; read
  // while the files are reviewed, once the list is the head's, so the verdict does not wait for it.
  const readReplies = () => (repliesOn === undefined ? Promise.resolve({ kind: 'not-read' } as const) : readFeedback(deps.feedback, repliesOn, log));
  const feedbackRead = collect.done.then(readReplies, () => undefined);
  const reviewing = reviewFiles(collect.batches, settings, target, deps, deadlineAt, locate, focusAreasOf, listFailed.signal, defangOf);
  let collected: Collected;
  try {
    collected = await collect.done;
  } catch (error) {
    // Nothing is decided from a list that failed: the review stops, and so does the run.
    await reviewing.catch(() => undefined);
    await feedbackRead;
    throw error;
  }
  const { selection, listTruncated } = collected;
  const reviewed = inListOrder(await reviewing, selection.candidates);
  const needBase = needingBaseline(selection.candidates, reviewed.outcomes, settings, (path) => settingsOf(path).minScore);
  const baselines = await reviewBaselines(needBase, settings, target, deps, deadlineAt, focusAreasOf);
  // Every request to the service is made: what the run knows of its pace is kept for the next.
  const learned = deps.pace?.rate;
  if (learned !== undefined) await deps.paceStore?.save(learned);

  const feedback = (await feedbackRead) ?? (await readReplies());
  const judged = withOpenThreads(judgeDismissals(dismissalReplies(feedback), settings.dismiss), feedback.kind === 'read' ? feedback.snapshot.own : []);
  // A marker the pull request adds waits for an approval (suppressions-need-approval) before the dismissals apply.
  const approval = await readApproval(settings.suppressionsNeedApproval, deps.approvals, pr, reviewed.outcomes, log);
  const held = holdUnapproved(reviewed.outcomes, approval, (path) => settingsOf(path).gateScope);
  // A flag an issue on its line stands for is decided after the dismissals: a dismissed issue stands for nothing.
  const judgedFiles = [...foldFlagsIntoIssues(applyDismissals(held, judged)), ...selection.notReviewed];
  // Each file judged by its own settings: a counted finding below its fail-on-severity is labelled so, with the rule that set it.
  const rules = new Map((settings.policy?.rules ?? []).map((rule) => [rule.number, rule.paths]));
  const outcomes: FileOutcome[] = [
    ...judgedFiles.map((o): FileOutcome => {
      if (o.kind === 'skipped') return o;
      const own = settingsOf(o.path);
      return o.kind === 'reviewed' ? withFields(o, { settings: own, findings: labelThresholds(o.findings, own, rules) }) : withFields(o, { settings: own });
    }),
    ...selection.skipped,
  ];
  const findings = outcomes.flatMap((o) => (o.kind === 'reviewed' ? o.findings : []));
  // A suppressed or dismissed finding gets no new comment; the summary lists it with its reason.
  const plan = planInlineComments(findings.filter((f) => f.disposition === undefined), settings.maxComments, {
    commentSeverity: (path) => settingsOf(path).commentSeverity,
  });

  const toPost = markDismissedElsewhere(plan.comments, judged);
  const posting: PostingReport = publisher === undefined || pr === undefined ? { kind: 'dry-run' } : await postReview(publisher, pr, toPost, log);
  const verdict = decide(
    {
      outcomes,
      listTruncated,
      posting,
      reviewedSha: target.headSha,
      baselines: baselines.scores,
      ...(reviewed.fatal === undefined ? {} : { fatal: reviewed.fatal }),
    },
    settings,
  );
  // After the verdict, which does not depend on it: only when this run's review landed on the head.
  const threads = posting.kind === 'posted' && pr !== undefined ? await closeFixedThreads(deps.feedback, pr, feedback, outcomes, log) : undefined;
  const problem = feedbackProblem(feedback);
  return {
    pr: target,
    outcomes,
    findings,
    plan,
    verdict,
    baselines: baselines.scores,
    tokensUsed: reviewed.tokensUsed + baselines.tokensUsed,
    listTruncated,
    posting,
    ...(problem === undefined ? {} : { feedbackProblem: problem }),
    ...(threads === undefined ? {} : { threads }),
    ...policyReport(settings, outcomes),
  };
}

/** The outcomes in the list's order, whatever order the candidates were reviewed in. */
function inListOrder(reviewed: Reviewed, candidates: readonly ReviewCandidate[]): Reviewed {
  const at = new Map(candidates.map((candidate, i) => [candidate, i]));
  const order = reviewed.candidates.map((candidate, i) => ({ i, at: at.get(candidate) ?? Number.MAX_SAFE_INTEGER }));
  order.sort((a, b) => a.at - b.at);
  return {
    ...reviewed,
    outcomes: order.map(({ i }) => reviewed.outcomes[i] as Reviewed['outcomes'][number]),
    candidates: order.map(({ i }) => reviewed.candidates[i] as ReviewCandidate),
  };
}
/**
 * The policy the run applied, and whether the change under review edits it (that edit applies
 * once merged: this run used the base's). Nothing when there is neither.
 */
function policyReport(settings: Settings, outcomes: readonly FileOutcome[]): Pick<RunReport, 'policy'> {
  const { policy } = settings;
  const changedHere = outcomes.some((o) => o.path === POLICY_PATH);
  if (policy === undefined && !changedHere) return {};
  return {
    policy: {
      path: POLICY_PATH,
      changedHere,
      ...(policy === undefined
        ? {}
        : { applied: { commit: policy.commit, set: policy.set, rules: policy.rules.map((rule) => ({ number: rule.number, paths: rule.paths })) } }),
    },
  };
}

/** The one pull request a merge group's queue branch names, whose replies its findings answer to. */
function queuedPullRequest(target: ReviewTarget): PullRequestRef | undefined {
  if (!isMergeGroup(target) || target.pulls.length !== 1) return undefined;
  const [number] = target.pulls as [number];
  return { owner: target.owner, repo: target.repo, number, headSha: target.headSha };
}
