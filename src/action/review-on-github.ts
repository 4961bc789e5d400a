/**
 * The action's side of one review (run/review-and-publish.ts): the source chosen for the checkout
 * or the API, the base's policy file, the review client with its result cache, the readers of
 * replies and approvals, and the surfaces of the verdict on GitHub (the summary comment, the check
 * run) and on the runner (action/runner.ts). action/main.ts decides what to review; this says
 * how, for one pull request or merge group.
 */
import type { ChosenSource } from '../collect/choose-source';
import { readBasePolicy } from '../collect/policy-file';
import type { RunnerEnvironment } from '../config/environment';
import type { Settings } from '../config/settings';
import type { OutsidePolicy } from '../config/settings-types';
import type { ApprovalReader } from '../domain/approval';
import type { Logger } from '../domain/logger';
import type { ReviewTarget } from '../domain/pull-request';
import type { AccessReader } from '../domain/repository-access';
import type { PublishedRun } from '../domain/run-report';
import type { ReviewPublisher } from '../domain/writes';
import { stoppedVerdict } from '../gate/decide';
import { createApprovalReader } from '../github/approvals-reader';
import type { GitHubClient } from '../github/octokit';
import type { WriteClock, WriteGate } from '../github/write-gate';
import type { ReviewFeedback } from '../domain/feedback';
import type { CheckRunTarget } from '../render/check-run';
import { actionCacheDir } from '../review/cache-dir';
import { cachedReviewDeps } from '../review/cached-review';
import type { QueueClock } from '../review/clock';
import { lazyFeedback } from '../run/lazy';
import { reviewAndPublish } from '../run/review-and-publish';
import type { OpenedSource } from '../run/review-and-publish';
import type { Redactor } from '../safety/redact';
import { createClient } from '../service/client';
import type { CodeAssistanceClient } from '../service/client';
import { DEFAULT_RETRY_POLICY } from '../service/retry';
import { createCheckRunSurface } from '../write/check-run/surface';
import type { CheckRunSurface } from '../write/check-run/surface';
import type { VerdictFacts } from '../write/check-run/verdict-records';
import type { AuthorTrust } from '../write/identity';
import type { ActionsIo } from './io';
import type { AmongSeveral } from './judge-pulls';
import { stopMessage } from './stopped';

/** Everything one run needs that comes from outside it. */
export interface ActionRun {
  /** The inputs: the base's policy file applies to each review on its own, never here. */
  settings: Settings;
  runner: RunnerEnvironment;
  io: ActionsIo;
  redactor: Redactor;
  secrets: readonly string[];
  clocks: ActionClocks;
}

/**
 * The clocks of one run: every wait it makes (the review queue's backoff, pauses and deadline;
 * the pacing of writes to GitHub) is on one of them, so an in-process test passes virtual ones.
 */
export interface ActionClocks {
  /** The review queue's: retries, pauses, the pace it learns, max-duration, progress lines. */
  review: QueueClock;
  /** The write gate's: the spacing of writes to GitHub. */
  writes: WriteClock;
}

/** The GitHub side of one run: the client, the one pacing of every write, the log. */
export interface GitHubSide {
  octokit: GitHubClient;
  writeGate: WriteGate;
  log: Logger & { debug(message: string): void };
  /** Logs the run's GitHub requests by kind, once (later calls do nothing). */
  tellRequests: () => void;
}

/** What a pull request's review brings beside the target: a merge group has no publisher and no approvals. */
export type ToPullRequest = { publisher: ReviewPublisher | undefined; feedback: ReviewFeedback; approvals?: ApprovalReader } & Partial<AmongSeveral>;

/** The source the action chose, and the check run being marked in progress meanwhile. */
interface ChosenForRun extends OpenedSource {
  started: Promise<void> | undefined;
}

/**
 * Reviews `target` and publishes its verdict. `baseSha` is the change's base commit: its policy
 * file applies, never the change's own. A run that stops before the verdict still fails its check
 * run, saying why.
 */
export function reviewOnGitHub(
  action: ActionRun,
  github: GitHubSide,
  target: ReviewTarget,
  baseSha: string,
  chooseSource: () => Promise<ChosenSource>,
  checkRun: CheckRunSurface | undefined,
  toPullRequest: ToPullRequest,
): Promise<PublishedRun> {
  const { runner, io } = action;
  const { log } = github;
  // The service's address, key and limits are inputs the policy file cannot set: one client serves the run.
  const client = createClient({
    apiKey: action.settings.apiKey,
    baseUrl: action.settings.apiUrl,
    timeoutMs: action.settings.requestTimeoutMs,
    retry: { maxRetries: action.settings.maxRetries },
    onWarning: (message) => io.warning(message),
    secrets: action.secrets,
  });
  const { publisher, feedback, approvals, oneOfSeveral = false, shared } = toPullRequest;
  return reviewAndPublish<ChosenForRun>(action.settings, target, {
    openSource: async () => {
      // The check is marked in progress while the source is chosen and the policy file read: it is
      // in place before the first review request, and costs that request no round trip of its own.
      const started = checkRun?.start();
      // Through the API the first page of files is asked for now, while the policy file is read.
      const chosen = await chooseSource();
      return { source: chosen.source, describe: () => chosen.describe(), close: () => chosen.close(), started };
    },
    // An invalid policy file stops the run here, before any review request, and fails the check saying why.
    readPolicy: async ({ started }) => {
      const [policy] = await Promise.all([readBasePolicy({ commit: baseSha, checkout: runner.checkout, octokit: github.octokit, repository: target, log }), started]);
      return policy;
    },
    pipelineDeps: (inForce) => {
      const review = cachedReviewDeps((request, options) => client.reviewOnce(request, options), {
        dir: actionCacheDir(inForce.cacheDir, runner.workspace),
        baseUrl: inForce.apiUrl,
        secret: inForce.apiKey,
        workspace: runner.workspace,
        log,
      });
      return {
        ...review,
        ...(shared === undefined ? {} : { reviewOnce: shared.wrap(review.reviewOnce, inForce.apiUrl) }),
        publisher,
        feedback,
        ...(approvals === undefined ? {} : { approvals }),
        clock: action.clocks.review,
        log,
        retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: inForce.maxRetries },
      };
    },
    surfaces: async (inForce) => {
      const { runnerSurfaces } = await import('./runner');
      return {
        log,
        ...(inForce.walkthrough ? { walkthrough: completeText(client) } : {}),
        ...(publisher === undefined ? {} : { summaryComment: publisher }),
        ...(checkRun === undefined ? {} : { checkRun }),
        outlets: [
          // Every GitHub request of the run is made by now (of the last pull request, when several): the runner's outlets write only files and the log.
          () => Promise.resolve(oneOfSeveral ? undefined : github.tellRequests()),
          runnerSurfaces({ io, redactor: action.redactor, settings: inForce, hasJobSummary: runner.hasJobSummary, workspace: runner.workspace, oneOfSeveral }),
        ],
      };
    },
    // The run knows what it reviews but cannot decide: its check says so rather than stay missing, or in progress.
    stopped: async (error) => {
      if (checkRun === undefined) return;
      const [{ canReportStop }, { stoppedRunContent }] = await Promise.all([import('../write/check-run/write'), import('../render/check-run')]);
      await checkRun.stop(stoppedRunContent(target, stoppedVerdict(stopMessage(error)), checkRun.target), canReportStop(error));
    },
  });
}

/**
 * The check run of this run, unless `check-run` is off or it is a dry run. It is built before the
 * policy file is read (it goes in progress first), from inputs the policy file cannot set.
 */
export function checkRunSurface(action: ActionRun, github: GitHubSide, target: ReviewTarget, facts: VerdictFacts, judgedNext?: ReadonlySet<number>): CheckRunSurface | undefined {
  const { checkRun, checkName, dryRun }: OutsidePolicy = action.settings;
  if (!checkRun || dryRun) return undefined;
  const { runUrl } = action.runner;
  const check: CheckRunTarget = runUrl === undefined ? { name: checkName } : { name: checkName, detailsUrl: runUrl };
  const { octokit, writeGate, log } = github;
  return createCheckRunSurface({ context: { octokit, gate: writeGate, log }, log, target, check, facts, ...(judgedNext === undefined ? {} : { judgedNext }) });
}

/** What a pull request's run reads of people: the replies to review-gate's comments, and approvals of its head. */
export function readers(action: ActionRun, github: GitHubSide, trusted: AuthorTrust, access: AccessReader): { feedback: ReviewFeedback; approvals: ApprovalReader } {
  return { feedback: replyReader(action, github, trusted, access), approvals: createApprovalReader(github.octokit, access) };
}

/** Reads the replies to review-gate's comments (dismissals), and closes the threads of fixed findings. */
export function replyReader(action: ActionRun, github: GitHubSide, trusted: AuthorTrust, access: AccessReader): ReviewFeedback {
  const { octokit, writeGate, log } = github;
  return lazyFeedback(() =>
    import('../write/review-feedback').then((m) =>
      m.createReviewFeedback({ octokit, gate: writeGate, trusted, log, ...(action.settings.dismiss === 'off' ? {} : { access }) }),
    ),
  );
}

function completeText(client: CodeAssistanceClient) {
  return async (request: Parameters<CodeAssistanceClient['complete']>[0]): Promise<string> => (await client.complete(request)).content;
}
