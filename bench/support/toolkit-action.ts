/**
 * A naive review action written the usual way, for comparison only: @actions/core for the
 * inputs, @actions/github's Octokit for the pull request, fetch for the review service, bundled
 * with ncc as actions are (npm run bench builds it into .tmp/). It takes the fewest steps a review
 * takes — list the changed files, read each at the head, send each to the service, all at once
 * or `concurrency` at a time — and checks, caches, posts and guards nothing. bench/bundle.bench.ts
 * times review-gate's start-up against it in the same run, bench/queue.bench.ts its whole run.
 */
import * as core from '@actions/core';
import * as github from '@actions/github';

const LANGUAGES: Record<string, string> = { py: 'python', js: 'javascript', ts: 'typescript', go: 'go', rs: 'rust' };

async function run(): Promise<void> {
  const octokit = github.getOctokit(core.getInput('github-token'), { baseUrl: process.env.GITHUB_API_URL });
  const { owner, repo } = github.context.repo;
  const pull = github.context.payload.pull_request;
  if (pull === undefined) throw new Error('not a pull request');
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, { owner, repo, pull_number: pull.number, per_page: 100 });
  let errors = 0;
  const reviewFile = async (file: (typeof files)[number]): Promise<void> => {
    const language = LANGUAGES[file.filename.split('.').pop() ?? ''];
    if (file.status === 'removed' || language === undefined) return;
    const { data: blob } = await octokit.rest.git.getBlob({ owner, repo, file_sha: file.sha ?? '' });
    const code = Buffer.from(blob.content, 'base64').toString('utf8');
    const answer = await fetch(`${core.getInput('api-url')}/v1/agent/review`, {
      method: 'POST',
      headers: { authorization: `Bearer ${core.getInput('api-key')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code, language }),
    });
    const review = (await answer.json()) as { issues?: Array<{ line: number; severity: string; message: string }> };
    for (const issue of review.issues ?? []) {
      core.info(`${file.filename}:${issue.line} ${issue.severity} ${issue.message}`);
      if (issue.severity === 'error') errors += 1;
    }
  };
  // The floor ceil(N/C)·L of a whole run holds for C at a time: the same C as review-gate's.
  const limit = Number(core.getInput('concurrency')) || files.length;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) await reviewFile(file);
  };
  await Promise.all(Array.from({ length: Math.min(limit, files.length) }, worker));
  if (errors > 0) core.setFailed(`${errors} error findings`);
}

run().catch((error: unknown) => core.setFailed(error instanceof Error ? error.message : String(error)));
