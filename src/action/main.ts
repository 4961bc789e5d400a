/**
 * The action (dist/index.js, through src/index.ts): settings and the runner's environment → the
 * pull request or merge group the event names → adapters → the pipeline, which ends at the verdict → every
 * surface of it (run/publish.ts). `run()` does nothing on import, so @github/local-action
 * and the tests can call it. Everything written goes through `ActionsIo`
 * (action/io.ts), which keeps controls, secrets and workflow commands out of it.
 */
import { actionBuild, describeBuild } from '../domain/build';
import { VERSION } from '../domain/version';
import * as core from '@actions/core';
import { chooseMergeGroupSource, choosePullRequestSource } from '../collect/choose-source';
import type { ChosenSource } from '../collect/choose-source';
import { insecureHttpWarning } from '../config/api-url';
import { commentSkipReason, reviewCommentOf } from '../config/dismissal-event';
import { readRunnerEnvironment } from '../config/environment';
import { EventError, readActionEvent, resolveReviewTarget } from '../config/event';
import { SettingsError, readSettings } from '../config/settings';
import type { Settings } from '../config/settings';
import { pullsAtWorkflowRunHead } from '../config/head-pulls';
import { readPullTargetWhile } from '../config/pull-target';
import type { PullTarget } from '../config/pull-target';
import { describeError } from '../domain/errors';
import { shortSha } from '../domain/object-name';
import type { AccessReader } from '../domain/repository-access';
import { createAccessReader } from '../github/access-reader';
import { redactGitHubRequests } from '../github/egress';
import { createGitHubClient } from '../github/octokit';
import { createRequestCounter, describeRequestCounts } from '../github/request-count';
import { createWriteGate, describeWritePacing, realWriteClock, writePacingFor } from '../github/write-gate';
import { systemClock } from '../review/clock';
import { lazyPublisher } from '../run/lazy';
import { createRedactor } from '../safety/redact';
import { createAuthorTrust } from '../write/identity';
import type { AuthorTrust } from '../write/identity';
import { createActionsIo } from './io';
import { actionsLogger } from './io';
import { judgePulls } from './judge-pulls';
import { checkRunSurface, readers, replyReader, reviewOnGitHub } from './review-on-github';
import type { ActionClocks, ActionRun, GitHubSide } from './review-on-github';
import { failStep, stopMessage } from './stopped';

const REAL_CLOCKS: ActionClocks = { review: systemClock, writes: realWriteClock };

/**
 * Runs the action. Never throws: every failure ends as `core.setFailed` with a clear message.
 * `clocks`: the real ones, but in a test that runs it in its own process on virtual time.
 */
export async function run(env: NodeJS.ProcessEnv = process.env, clocks: Partial<ActionClocks> = {}): Promise<void> {
  // Mask the secrets before anything can print them, even an invalid-input message, and build
  // the one redactor every text that leaves the process goes through.
  const secrets: string[] = [];
  for (const secret of ['api-key', 'github-token']) {
    const value = core.getInput(secret);
    if (value !== '') {
      core.setSecret(value);
      secrets.push(value);
    }
  }
  const redactor = createRedactor(secrets);
  const io = createActionsIo(redactor);

  let settings: Settings;
  try {
    settings = readSettings((name) => core.getInput(name));
  } catch (error) {
    const message = error instanceof SettingsError ? error.message : describeError(error);
    failStep(io, message, error instanceof SettingsError ? error.problems.join('\n') : message);
    return;
  }
  const insecure = insecureHttpWarning(settings.apiUrl);
  if (insecure !== undefined) io.warning(insecure);

  try {
    const skipped = await reviewEventTarget({ settings, runner: readRunnerEnvironment(env, process.cwd()), io, redactor, secrets, clocks: { ...REAL_CLOCKS, ...clocks } });
    if (skipped !== undefined) io.info(`review-gate has nothing to do: ${skipped}.`);
  } catch (error) {
    io.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const message = stopMessage(error);
    failStep(io, message, message);
  }
}

/** Reviews what the event names (a pull request, a merge group) and publishes the verdict; the reason when the event asks for nothing. */
async function reviewEventTarget(action: ActionRun): Promise<string | undefined> {
  const { settings, runner, io } = action;
  const log = actionsLogger(io);
  io.info(`review-gate ${describeBuild(actionBuild(VERSION, runner.actionRef))}`);
  const event = await readActionEvent(runner);
  const resolved = resolveReviewTarget(event, settings.prNumber);
  if (resolved.kind === 'nothing') return resolved.reason;
  if (settings.githubToken === '') {
    throw new EventError('Input github-token is empty. Pass ${{ github.token }} or a token that can read the pull request.');
  }
  const counter = createRequestCounter();
  const octokit = createGitHubClient({
    token: settings.githubToken,
    baseUrl: runner.apiUrl,
    timeoutMs: settings.requestTimeoutMs,
    retry: { retries: settings.maxRetries },
    log,
    counter,
  });
  redactGitHubRequests(octokit, action.redactor);
  // What the run spent of the repository's shared GitHub budget, once, however it ended: before
  // the runner's final line when it reaches a verdict, else as it stops.
  let told = false;
  const tellRequests = (): void => {
    if (told) return;
    told = true;
    io.info(describeRequestCounts(counter.counts()));
  };
  // One pacing for every write of the run (the review, the summary comment, the check run); none
  // for a GitHub API on this machine's loopback, where only a test double or a proxy listens.
  io.debug(describeWritePacing(runner.apiUrl));
  const github: GitHubSide = { octokit, writeGate: createWriteGate(action.clocks.writes, writePacingFor(runner.apiUrl)), log, tellRequests };
  try {
    return await reviewWithClient(action, event, resolved, github);
  } finally {
    tellRequests();
  }
}

/** The rest of `reviewEventTarget`, once the GitHub client is built. */
async function reviewWithClient(
  action: ActionRun,
  event: Awaited<ReturnType<typeof readActionEvent>>,
  resolved: Exclude<ReturnType<typeof resolveReviewTarget>, { kind: 'nothing' }>,
  github: GitHubSide,
): Promise<string | undefined> {
  const { settings, runner, io } = action;
  const { octokit, log } = github;

  if (resolved.kind === 'merge-group') {
    const { group } = resolved;
    const named = group.pulls.length > 0 ? ` (${group.pulls.map((n) => `#${n}`).join(', ')})` : '';
    io.info(`Reviewing the merge group${named} of ${group.owner}/${group.repo}: ${shortSha(group.baseSha)}...${shortSha(group.headSha)}`);
    // Nothing is posted for a merge group; the replies of the pull request it names are read, so its dismissals count here too.
    const checkRun = checkRunSurface(action, github, group, { reviewed: true, base: undefined, read: Date.now() });
    await reviewOnGitHub(action, github, group, group.baseSha, () => chooseMergeGroupSource({ checkout: runner.checkout, octokit, group, log }), checkRun, {
      publisher: undefined,
      feedback: replyReader(action, github, createAuthorTrust(octokit, log), createAccessReader(octokit, group, log)),
    });
    return undefined;
  }
  if (resolved.kind === 'workflow-run') {
    // The two-stage set-up: every open pull request at the head the first stage ran on is judged.
    const found = await pullsAtWorkflowRunHead(octokit, resolved);
    if (found.kind === 'none') return found.reason;
    await judge(action, github, found.pulls);
    return undefined;
  }

  const trusted = createAuthorTrust(octokit, log);
  // One reader for the run: the comment event's author is asked once, and the answer reused.
  const access = createAccessReader(octokit, resolved, log);
  // A review comment event re-decides the gate only for a dismissal by someone who may dismiss.
  const comment = reviewCommentOf(event);
  const skipped = comment === undefined ? undefined : await commentSkipReason(comment, settings.dismiss, trusted, access);
  if (skipped !== undefined) return skipped;

  // Head, base and draft state are GitHub's at run time; the source is chosen meanwhile from the
  // payload's, and kept when GitHub agrees (the common case), so the read costs no round trip.
  const likelySkipped = settings.skipDrafts && resolved.draft !== false;
  const { target, early } = await readPullTargetWhile(
    octokit,
    resolved,
    log,
    likelySkipped ? undefined : (pr, baseSha, heldLog) => choosePullRequestSource({ checkout: runner.checkout, octokit, pr, baseSha, log: heldLog }),
    (chosen) => void chosen.then((source) => source.close(), () => undefined),
  );
  await judge(action, github, [target], { trusted, access, ...(early === undefined ? {} : { early }) });
  return undefined;
}

/** Judges the pull requests (action/judge-pulls.ts), each reviewed and published here. */
async function judge(
  action: ActionRun,
  github: GitHubSide,
  pulls: readonly PullTarget[],
  given: { trusted?: AuthorTrust; access?: AccessReader; early?: Promise<ChosenSource> } = {},
): Promise<void> {
  const { settings, runner, io, redactor } = action;
  const { octokit, log } = github;
  await judgePulls(pulls, {
    io,
    log,
    skipDrafts: settings.skipDrafts,
    dryRun: settings.dryRun,
    hasJobSummary: runner.hasJobSummary,
    checkRun: (pull, facts, judgedNext) => checkRunSurface(action, github, pull.pr, facts, judgedNext),
    review: (pull, checkRun, several) => {
      const { pr, baseSha } = pull;
      const trusted = given.trusted ?? createAuthorTrust(octokit, log);
      const chooseSource = (): Promise<ChosenSource> => given.early ?? choosePullRequestSource({ checkout: runner.checkout, octokit, pr, baseSha, log });
      return reviewOnGitHub(action, github, pr, baseSha, chooseSource, checkRun, {
        publisher: settings.dryRun
          ? undefined
          : lazyPublisher(() => import('../write/publisher').then((m) => m.createReviewPublisher(octokit, { log, trusted, writeGate: github.writeGate }))),
        ...readers(action, github, trusted, given.access ?? createAccessReader(octokit, pr, log)),
        ...several,
      });
    },
    conclude: { settings, workspace: runner.workspace, redactor, stopMessage },
  });
}
