/**
 * The action's wiring: settings → adapters → pipeline → outputs, job summary, annotations → gate.
 * Everything that touches @actions/core lives here and in `actions-log.ts`.
 */
import * as core from '@actions/core';
import { createClient } from './api/client';
import { DEFAULT_RETRY_POLICY } from './api/retry';
import { systemClock } from './clock';
import { neutralizeWorkflowCommands } from './log-safety';
import { EventError, readActionEvent, resolvePullRequest } from './event';
import { createGitHubClient } from './github/octokit';
import { PullRequestNotFoundError, readPullHead, shortSha } from './github/pull-head';
import { createPullRequestSource } from './github/pull-request-source';
import { createReviewPublisher } from './github/publisher';
import { actionsLogger, emitAnnotations, printAllFindings, printPlannedComments, writeOutputs } from './actions-report';
import { describeError, runPipeline } from './pipeline';
import type { RunReport } from './pipeline';
import { renderJobSummary, renderRunSummary } from './run-summary';
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
    // Outside the runner (a local run of dist/index.js) there is no job summary file; and past
    // GitHub's 1 MiB the job summary cannot list everything. Either way the log lists every finding.
    const hasJobSummary = (env.GITHUB_STEP_SUMMARY ?? '') !== '';
    const jobSummary = renderJobSummary(report);
    const listedIn = hasJobSummary && jobSummary.complete ? 'the job summary' : 'the log below';
    writeOutputs(report);
    emitAnnotations(report.findings, listedIn);
    printPlannedComments(report, settings.dryRun, listedIn);
    if (settings.dryRun) {
      core.startGroup('Would post this summary comment (dry run)');
      core.info(neutralizeWorkflowCommands(renderRunSummary(report, 'comment')));
      core.endGroup();
    }
    if (hasJobSummary) await core.summary.addRaw(jobSummary.markdown).write();
    if (!hasJobSummary) printAllFindings(report.findings, 'there is no job summary outside the Actions runner');
    else if (!jobSummary.complete) printAllFindings(report.findings, 'the job summary has no room for them all (GitHub allows 1 MiB)');
    for (const notice of report.verdict.notices) core.notice(notice);
    if (report.verdict.result === 'failed') {
      core.setFailed(`review-gate failed: ${report.verdict.reasons.join('; ')}.`);
    } else {
      core.info('review-gate passed.');
    }
  } catch (error) {
    core.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    // These say what to fix on their own; anything else is named by its class.
    const plain = error instanceof EventError || error instanceof PullRequestNotFoundError;
    const message = plain ? error.message : `review-gate could not complete: ${describeError(error)}`;
    core.setOutput('result', 'failed');
    core.setOutput('reasons', message);
    core.setFailed(message);
  }
}

async function review(settings: Settings, env: NodeJS.ProcessEnv): Promise<RunReport> {
  const target = resolvePullRequest(await readActionEvent(env), settings.prNumber);
  if (settings.githubToken === '') {
    throw new EventError('Input github-token is empty. Pass ${{ github.token }} or a token that can read the pull request.');
  }
  const octokit = createGitHubClient({
    token: settings.githubToken,
    baseUrl: env.GITHUB_API_URL,
    timeoutMs: settings.requestTimeoutMs,
    retry: { retries: settings.maxRetries },
    log: actionsLogger,
  });
  const pr: PullRequestRef = {
    owner: target.owner,
    repo: target.repo,
    number: target.number,
    headSha: target.headSha ?? (await readPullHead(octokit, target)),
  };
  core.info(`Reviewing ${pr.owner}/${pr.repo}#${pr.number} at ${shortSha(pr.headSha)}`);
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
    reviewOnce: (request) => client.reviewOnce(request),
    publisher: settings.dryRun
      ? undefined
      : createReviewPublisher(octokit, { log: actionsLogger }),
    clock: systemClock,
    log: actionsLogger,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: settings.maxRetries },
  });
  if (source !== undefined) {
    core.info(`File contents: ${source.stats.fromWorkspace} read from the workspace checkout, ${source.stats.fromApi} through the GitHub API.`);
  }
  return report;
}

