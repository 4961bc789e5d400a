/**
 * The action's wiring: settings → adapters → pipeline → outputs, job summary, annotations → gate.
 * Everything that touches @actions/core lives here and in `actions-log.ts`.
 */
import * as core from '@actions/core';
import { createClient } from './api/client';
import { DEFAULT_RETRY_POLICY } from './api/retry';
import { systemClock } from './clock';
import { neutralizeWorkflowCommands } from './log-safety';
import { EventError, resolvePullRequest } from './event';
import { createGitHubClient } from './github/octokit';
import type { GitHubClient } from './github/octokit';
import { createPullRequestSource } from './github/pull-request-source';
import { createReviewPublisher } from './github/publisher';
import { actionsLogger, emitAnnotations, printPlannedComments, writeOutputs } from './actions-report';
import { describeError, runPipeline } from './pipeline';
import type { RunReport } from './pipeline';
import { renderRunSummary } from './run-summary';
import { SettingsError, readSettings } from './settings';
import { gitBlobReader, gitWorkspace, withWorkspaceBlobs } from './workspace-blobs';
import type { Settings } from './settings';
import type { PullRequestRef } from './types';

/** Runs the action. Never throws: every failure ends as `core.setFailed` with a clear message. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // Mask the secrets before anything can print them, even an invalid-input message.
  for (const secret of ['api-key', 'github-token']) {
    const value = core.getInput(secret);
    if (value !== '') core.setSecret(value);
  }

  let settings: Settings;
  try {
    settings = readSettings((name) => core.getInput(name));
  } catch (error) {
    const message = error instanceof SettingsError ? error.message : describeError(error);
    core.setOutput('result', 'failed');
    core.setOutput('reasons', error instanceof SettingsError ? error.problems.join('\n') : message);
    core.setFailed(message);
    return;
  }

  try {
    const report = await review(settings, env);
    writeOutputs(report);
    emitAnnotations(report.findings);
    printPlannedComments(report, settings.dryRun);
    if (settings.dryRun) {
      core.startGroup('Would post this summary comment (dry run)');
      core.info(neutralizeWorkflowCommands(renderRunSummary(report, 'comment')));
      core.endGroup();
    }
    // Outside the runner (a local run of dist/index.js) there is no job summary file.
    if ((env.GITHUB_STEP_SUMMARY ?? '') !== '') await core.summary.addRaw(renderRunSummary(report, 'job-summary')).write();
    for (const notice of report.verdict.notices) core.notice(notice);
    if (report.verdict.result === 'failed') {
      core.setFailed(`review-gate failed: ${report.verdict.reasons.join('; ')}.`);
    } else {
      core.info('review-gate passed.');
    }
  } catch (error) {
    core.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const message = error instanceof EventError ? error.message : `review-gate could not complete: ${describeError(error)}`;
    core.setOutput('result', 'failed');
    core.setOutput('reasons', message);
    core.setFailed(message);
  }
}

async function review(settings: Settings, env: NodeJS.ProcessEnv): Promise<RunReport> {
  const target = resolvePullRequest(env, settings.prNumber);
  if (settings.githubToken === '') {
    throw new EventError('Input github-token is empty. Pass ${{ github.token }} or a token that can read the pull request.');
  }
  const writeIntervalMs = writeIntervalFrom(env);
  const octokit = createGitHubClient({
    token: settings.githubToken,
    baseUrl: env.GITHUB_API_URL,
    log: actionsLogger,
    ...(writeIntervalMs === undefined ? {} : { throttle: { minWriteIntervalMs: writeIntervalMs } }),
  });
  const pr: PullRequestRef = {
    owner: target.owner,
    repo: target.repo,
    number: target.number,
    headSha: target.headSha ?? (await readHeadSha(octokit, target)),
  };
  core.info(`Reviewing ${pr.owner}/${pr.repo}#${pr.number} at ${pr.headSha.slice(0, 12)}`);
  if (target.fromFork && !settings.dryRun) {
    core.info('This pull request comes from a fork: if the token cannot write, findings are reported as annotations.');
  }

  const client = createClient({
    apiKey: settings.apiKey,
    baseUrl: settings.apiUrl,
    timeoutMs: settings.requestTimeoutMs,
    retry: { maxRetries: settings.maxRetries },
    onWarning: (message) => core.warning(message),
  });

  const apiSource = createPullRequestSource(octokit, { log: actionsLogger });
  const workspace = gitWorkspace(env);
  const source = workspace === undefined ? undefined : withWorkspaceBlobs(apiSource, gitBlobReader(workspace));
  const report = await runPipeline(settings, pr, {
    source: source ?? apiSource,
    reviewOnce: (request, options) => client.reviewOnce(request, options),
    publisher: settings.dryRun
      ? undefined
      : createReviewPublisher(octokit, {
          log: actionsLogger,
          ...(writeIntervalMs === undefined ? {} : { minWriteIntervalMs: writeIntervalMs }),
        }),
    clock: systemClock,
    log: actionsLogger,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: settings.maxRetries },
  });
  if (source !== undefined) {
    core.info(`File contents: ${source.stats.fromWorkspace} read from the workspace checkout, ${source.stats.fromApi} through the GitHub API.`);
  }
  return report;
}

/**
 * Writes to GitHub are spaced (secondary rate limits: 80 writes a minute). The local demo and the
 * end-to-end tests talk to a fake GitHub on loopback and set REVIEW_GATE_WRITE_INTERVAL_MS=0.
 */
function writeIntervalFrom(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.REVIEW_GATE_WRITE_INTERVAL_MS;
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  return Number.isInteger(ms) && ms >= 0 ? ms : undefined;
}

async function readHeadSha(octokit: GitHubClient, target: { owner: string; repo: string; number: number }): Promise<string> {
  const { data } = await octokit.rest.pulls.get({ owner: target.owner, repo: target.repo, pull_number: target.number });
  return data.head.sha;
}
