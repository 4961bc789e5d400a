/**
 * The action's entry (dist/index.js): settings → adapters → the pipeline → every surface of its
 * one verdict (outputs, annotations, job summary, exit status). Inputs are read through
 * @actions/core here and in config/settings.ts; everything written goes through `ActionsIo`
 * (report/actions/io.ts), which keeps controls, secrets and workflow commands out of it.
 */
import { reasonTexts } from './domain/verdict';
import * as core from '@actions/core';
import { createActionsIo } from './publish/actions/io';
import type { ActionsIo } from './publish/actions/io';
import { createClient } from './review/service/client';
import { DEFAULT_RETRY_POLICY } from './review/service/retry';
import { insecureHttpWarning } from './config/api-url';
import { systemClock } from './review/clock';
import { EventError, readActionEvent, resolvePullRequest } from './config/event';
import { redactGitHubRequests } from './github/egress';
import { createGitHubClient } from './github/octokit';
import type { GitHubClient } from './github/octokit';
import { HeadMovedError, PullRequestNotFoundError, readPullHead, readPullRequest, shortSha } from './github/pull-head';
import type { PullRequestNumber } from './github/pull-head';
import { checkWorkflowRunHead, workflowRunHead } from './config/workflow-run';
import type { WorkflowRunHead } from './config/workflow-run';
import { choosePullRequestSource, eventBaseSha } from './collect/choose-source';
import { createReviewPublisher } from './report/github/publisher';
import { createReviewFeedback } from './report/github/review-feedback';
import { createAuthorTrust } from './report/github/identity';
import { createAccessReader } from './github/access-reader';
import { createWriteGate } from './github/write-gate';
import { commentSkipReason, reviewCommentOf } from './config/comment-event';
import { actionCacheDir } from './review/cache-dir';
import { cachedReviewDeps } from './review/cached-review';
import { actionsLogger, emitAnnotations, printAllFindings, printPlannedComments, writeOutputs } from './publish/actions/surfaces';
import { describeError } from './domain/errors';
import { runPipeline } from './pipeline';
import type { RunReport } from './pipeline';
import { createRedactor } from './safety/redact';
import type { Redactor } from './safety/redact';
import { checkRunNote, renderCheckRunSummary, renderJobSummary, renderRunSummary, summaryCommentNote } from './publish/summary/run-summary';
import { canReportStop, checkRunContent, publishCheckRun, stoppedRunContent, workflowRunUrl } from './publish/check-run/content';
import type { CheckRunContent } from './publish/check-run/upsert';
import { SettingsError, readSettings } from './config/settings';
import type { Settings } from './config/settings';
import type { CheckRunReport } from './domain/writes';
import type { PullRequestRef } from './domain/pull-request';
import { writeSarifOutput } from './publish/actions/sarif-file';
import { writeWalkthrough } from './publish/walkthrough';

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
    const reviewed = await review(settings, env, { io, redactor, secrets });
    if ('skipped' in reviewed) {
      io.info(`review-gate has nothing to do: ${reviewed.skipped}.`);
      return;
    }
    const report = reviewed;
    // Outside the runner (a local run of dist/index.js) there is no job summary file; and past
    // GitHub's 1 MiB the job summary cannot list everything. Either way the log lists every finding.
    const hasJobSummary = (env.GITHUB_STEP_SUMMARY ?? '') !== '';
    const jobSummary = renderJobSummary(report);
    // The verdict is out already (check run, summary comment): a job summary that cannot be
    // written is a warning, its content goes to the log, and nothing else changes.
    const jobSummaryWritten = hasJobSummary && (await writeJobSummaryOrWarn(io, jobSummary.markdown));
    const listedIn = jobSummaryWritten && jobSummary.complete ? 'the job summary' : 'the log below';
    writeOutputs(io, report);
    await writeSarifOutput(io, report, settings, env, redactor);
    emitAnnotations(io, report.findings, listedIn);
    printPlannedComments(io, report, settings.dryRun, listedIn);
    if (settings.dryRun) {
      io.startGroup('Would post this summary comment (dry run)');
      io.info(renderRunSummary(report, 'comment'));
      io.endGroup();
    }
    if (!hasJobSummary) printAllFindings(io, report.findings, 'there is no job summary outside the Actions runner');
    else if (!jobSummaryWritten) printAllFindings(io, report.findings, 'the job summary could not be written');
    else if (!jobSummary.complete) printAllFindings(io, report.findings, 'the job summary has no room for them all (GitHub allows 1 MiB)');
    for (const notice of report.verdict.notices) io.notice(notice);
    const summaryNote = summaryCommentNote(report);
    if (summaryNote !== undefined) io.notice(summaryNote);
    // A refused check run was already said in one line: only a failure, or a check run another
    // pull request holds stricter, gets the second one.
    if (report.checkRun.kind === 'failed' || (report.checkRun.kind === 'written' && report.checkRun.heldBy !== undefined)) {
      const note = checkRunNote(report);
      if (note !== undefined) io.notice(note);
    }
    if (report.verdict.result === 'failed') {
      io.setFailed(`review-gate failed: ${reasonTexts(report.verdict).join('; ')}.`);
    } else if (report.verdict.result === 'neutral') {
      io.info(`review-gate neutral: ${reasonTexts(report.verdict).join('; ')}.`);
    } else {
      io.info('review-gate passed.');
    }
  } catch (error) {
    io.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const message = stopMessage(error);
    io.setOutput('result', 'failed');
    io.setOutput('reasons', message);
    io.setFailed(message);
  }
}

/** The head the workflow_run event names, once GitHub confirms it is the head of pull request `pr-number`. */
async function checkedWorkflowRunHead(octokit: GitHubClient, target: PullRequestNumber, expected: WorkflowRunHead): Promise<string> {
  checkWorkflowRunHead(target.number, expected, await readPullRequest(octokit, target));
  return expected.sha;
}

/** Why the run stopped: these errors say what happened on their own; anything else is named by its class. */
function stopMessage(error: unknown): string {
  const plain = error instanceof EventError || error instanceof PullRequestNotFoundError || error instanceof HeadMovedError;
  return plain ? error.message : `review-gate could not complete: ${describeError(error)}`;
}

/** Writes the job summary; false, after one warning, when the runner's file cannot be written. */
async function writeJobSummaryOrWarn(io: ActionsIo, markdown: string): Promise<boolean> {
  try {
    await io.writeJobSummary(markdown);
    return true;
  } catch (error) {
    io.warning(`The job summary could not be written (${describeError(error)}); the findings are listed in the log below, and the verdict stands.`);
    return false;
  }
}

/** Where the run's text goes, and the secrets it must never contain. */
interface Egress {
  io: ActionsIo;
  redactor: Redactor;
  secrets: readonly string[];
}

async function review(settings: Settings, env: NodeJS.ProcessEnv, { io, redactor, secrets }: Egress): Promise<(RunReport & { checkRun: CheckRunReport }) | { skipped: string }> {
  const log = actionsLogger(io);
  const event = await readActionEvent(env);
  const target = resolvePullRequest(event, settings.prNumber);
  // The fork's artifact names the pull request in the two-stage set-up: checked before anything is read or written.
  const expectedHead = event.name === 'workflow_run' && settings.prNumber !== undefined ? workflowRunHead(event.payload) : undefined;
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
  const trusted = createAuthorTrust(octokit, log);
  // One reader for the run: the comment event's author is asked once, and the answer reused.
  const access = createAccessReader(octokit, target, log);
  // A review comment event re-decides the gate only for a dismissal by someone who may dismiss.
  const comment = reviewCommentOf(event);
  const skipped = comment === undefined ? undefined : await commentSkipReason(comment, settings.dismiss, trusted, access);
  if (skipped !== undefined) return { skipped };
  const pr: PullRequestRef = {
    owner: target.owner,
    repo: target.repo,
    number: target.number,
    headSha: expectedHead === undefined ? (target.headSha ?? (await readPullHead(octokit, target))) : await checkedWorkflowRunHead(octokit, target, expectedHead),
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

  // One pacing for every write of the run: the review, the summary comment and the check run.
  const writeGate = createWriteGate();
  const detailsUrl = workflowRunUrl(env);
  const checkTarget = detailsUrl === undefined ? { name: settings.checkName } : { name: settings.checkName, detailsUrl };
  const writeCheckRun = (content: CheckRunContent): Promise<CheckRunReport> =>
    settings.checkRun && !settings.dryRun ? publishCheckRun({ octokit, gate: writeGate, log }, pr, content, log) : Promise.resolve({ kind: 'off' });
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const chosen = await choosePullRequestSource({ env, octokit, pr, baseSha: eventBaseSha(event.payload, pr.number), log });
  let report: RunReport;
  try {
    report = await runPipeline(settings, pr, {
      source: chosen.source,
      ...cachedReviewDeps((request, options) => client.reviewOnce(request, options), {
        dir: actionCacheDir(settings.cacheDir, workspace),
        baseUrl: settings.apiUrl,
        secret: settings.apiKey,
        workspace,
        log,
      }),
      publisher: settings.dryRun ? undefined : createReviewPublisher(octokit, { log, trusted, writeGate }),
      feedback: createReviewFeedback({ octokit, gate: writeGate, trusted, log, ...(settings.dismiss === 'off' ? {} : { access }) }),
      clock: systemClock,
      log,
      retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: settings.maxRetries },
      walkthrough: settings.walkthrough
        ? (reviewed) =>
            log.group('Write the walkthrough', async () => {
              const outcome = await writeWalkthrough(async (request) => (await client.complete(request)).content, reviewed);
              log.info(outcome.kind === 'written' ? `Walkthrough written: ${outcome.text.length} characters.` : outcome.message);
              return outcome;
            })
        : undefined,
    });
  } catch (error) {
    // The run knows the pull request but cannot decide: its check says so rather than stay missing.
    if (canReportStop(error)) await writeCheckRun(stoppedRunContent(pr, stopMessage(error), checkTarget));
    throw error;
  } finally {
    await chosen.close();
  }
  io.info(chosen.describe());
  // After the gate and the summary comment, from the same verdict.
  const checkRun = await writeCheckRun(checkRunContent(report, (annotationsNote) => renderCheckRunSummary(report, annotationsNote), checkTarget));
  return { ...report, checkRun };
}

await run();
