/**
 * The action's wiring: settings → adapters → pipeline → outputs, job summary, annotations → gate.
 * Inputs are read through @actions/core here and in `settings.ts`; everything written goes
 * through `ActionsIo` (`actions-io.ts`), which keeps controls, secrets and commands out of it.
 */
import * as core from '@actions/core';
import { createActionsIo } from './report/actions/io';
import type { ActionsIo } from './report/actions/io';
import { createClient } from './review/service/client';
import { DEFAULT_RETRY_POLICY } from './review/service/retry';
import { insecureHttpWarning } from './config/api-url';
import { systemClock } from './review/clock';
import { EventError, readActionEvent, resolvePullRequest } from './config/event';
import { redactGitHubRequests } from './github/egress';
import { createGitHubClient } from './github/octokit';
import { PullRequestNotFoundError, readPullHead, shortSha } from './github/pull-head';
import { choosePullRequestSource, eventBaseSha } from './collect/choose-source';
import { createReviewPublisher } from './report/github/publisher';
import { actionCacheDir } from './review/cache-dir';
import { cachedReviewDeps } from './review/cached-review';
import { actionsLogger, emitAnnotations, printAllFindings, printPlannedComments, writeOutputs } from './report/actions/surfaces';
import { describeError } from './errors';
import { runPipeline } from './pipeline';
import type { RunReport } from './pipeline';
import { createRedactor } from './safety/redact';
import type { Redactor } from './safety/redact';
import { renderJobSummary, renderRunSummary, summaryCommentNote } from './report/run-summary';
import { SettingsError, readSettings } from './config/settings';
import type { Settings } from './config/settings';
import type { PullRequestRef } from './types';

/** Runs the action. Never throws: every failure ends as `core.setFailed` with a clear message. */
async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
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
    io.setOutput('result', 'failed');
    io.setOutput('reasons', error instanceof SettingsError ? error.problems.join('\n') : message);
    io.setFailed(message);
    return;
  }
  const insecure = insecureHttpWarning(settings.apiUrl);
  if (insecure !== undefined) io.warning(insecure);

  try {
    const report = await review(settings, env, { io, redactor, secrets });
    // Outside the runner (a local run of dist/index.js) there is no job summary file; and past
    // GitHub's 1 MiB the job summary cannot list everything. Either way the log lists every finding.
    const hasJobSummary = (env.GITHUB_STEP_SUMMARY ?? '') !== '';
    const jobSummary = renderJobSummary(report);
    const listedIn = hasJobSummary && jobSummary.complete ? 'the job summary' : 'the log below';
    writeOutputs(io, report);
    emitAnnotations(io, report.findings, listedIn);
    printPlannedComments(io, report, settings.dryRun, listedIn);
    if (settings.dryRun) {
      io.startGroup('Would post this summary comment (dry run)');
      io.info(renderRunSummary(report, 'comment'));
      io.endGroup();
    }
    if (hasJobSummary) await io.writeJobSummary(jobSummary.markdown);
    if (!hasJobSummary) printAllFindings(io, report.findings, 'there is no job summary outside the Actions runner');
    else if (!jobSummary.complete) printAllFindings(io, report.findings, 'the job summary has no room for them all (GitHub allows 1 MiB)');
    for (const notice of report.verdict.notices) io.notice(notice);
    const summaryNote = summaryCommentNote(report);
    if (summaryNote !== undefined) io.notice(summaryNote);
    if (report.verdict.result === 'failed') {
      io.setFailed(`review-gate failed: ${report.verdict.reasons.join('; ')}.`);
    } else {
      io.info('review-gate passed.');
    }
  } catch (error) {
    io.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    // These say what to fix on their own; anything else is named by its class.
    const plain = error instanceof EventError || error instanceof PullRequestNotFoundError;
    const message = plain ? error.message : `review-gate could not complete: ${describeError(error)}`;
    io.setOutput('result', 'failed');
    io.setOutput('reasons', message);
    io.setFailed(message);
  }
}

/** Where the run's text goes, and the secrets it must never contain. */
interface Egress {
  io: ActionsIo;
  redactor: Redactor;
  secrets: readonly string[];
}

async function review(settings: Settings, env: NodeJS.ProcessEnv, { io, redactor, secrets }: Egress): Promise<RunReport> {
  const log = actionsLogger(io);
  const event = await readActionEvent(env);
  const target = resolvePullRequest(event, settings.prNumber);
  if (settings.githubToken === '') {
    throw new EventError('Input github-token is empty. Pass ${{ github.token }} or a token that can read the pull request.');
  }
  const octokit = createGitHubClient({
    token: settings.githubToken,
    baseUrl: env.GITHUB_API_URL,
    timeoutMs: settings.requestTimeoutMs,
    retry: { retries: settings.maxRetries },
    log,
  });
  redactGitHubRequests(octokit, redactor);
  const pr: PullRequestRef = {
    owner: target.owner,
    repo: target.repo,
    number: target.number,
    headSha: target.headSha ?? (await readPullHead(octokit, target)),
  };
  io.info(`Reviewing ${pr.owner}/${pr.repo}#${pr.number} at ${shortSha(pr.headSha)}`);
  if (target.fromFork && !settings.dryRun) {
    io.info('This pull request comes from a fork: if the token cannot write, findings are reported as annotations.');
  }

  const client = createClient({
    apiKey: settings.apiKey,
    baseUrl: settings.apiUrl,
    timeoutMs: settings.requestTimeoutMs,
    retry: { maxRetries: settings.maxRetries },
    onWarning: (message) => io.warning(message),
    secrets,
  });

  const chosen = await choosePullRequestSource({ env, octokit, pr, baseSha: eventBaseSha(event.payload, pr.number), log });
  const report = await runPipeline(settings, pr, {
    source: chosen.source,
    ...cachedReviewDeps((request, options) => client.reviewOnce(request, options), {
      dir: actionCacheDir(settings.cacheDir, env.GITHUB_WORKSPACE ?? process.cwd()),
      baseUrl: settings.apiUrl,
      log,
    }),
    publisher: settings.dryRun
      ? undefined
      : createReviewPublisher(octokit, { log }),
    clock: systemClock,
    log,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: settings.maxRetries },
  }).finally(() => chosen.close());
  io.info(chosen.describe());
  return report;
}

await run();
