/**
 * End to end: the bundled action against a GitHub that never answers, and against an event file
 * it cannot read. Both must end the run with a clear message, never hang or print a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import { GITHUB_TOKEN, runBundledAction } from '../doubles/run-action';
import { startHungServer } from '../support/hung-server';
import { useBundledAction } from './harness';

const { demo: fixture, servers, closeAfterTest } = useBundledAction();

describe('the bundled action and the GitHub edge', () => {
  it('gives up on a GitHub that never answers after request-timeout and max-retries, and says so', async () => {
    const simulator = await startSimulator();
    const github = await startHungServer();
    closeAfterTest(simulator, github);

    const result = await runBundledAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'request-timeout': '1', 'max-retries': '1' },
      githubApiUrl: github.url,
      fixture,
    });

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    // The first read is the pull request itself: its head, base and draft state are GitHub's at run time.
    expect(result.stdout).toMatch(/::error::review-gate could not complete: .*GitHub did not answer GET \/repos\/acme\/[^ ]+\/pulls\/\d+ within 1s/);
    // The first try and one retry of that read, then it stops; the first page of the file list,
    // asked for beside it, hangs as well and is given up with the run. Nothing is written.
    const pull = `GET /repos/${fixture.owner}/${fixture.repo}/pulls/${fixture.number}`;
    const firstPage = `GET /repos/${fixture.owner}/${fixture.repo}/pulls/${fixture.number}/files`;
    expect(github.paths().filter((p) => p === pull)).toHaveLength(2);
    expect(github.paths().every((p) => p === pull || p === firstPage)).toBe(true);
  });

  it('fails the run, with the review posted, when the summary comment write never gets an answer', async () => {
    const { simulator, github } = await servers();
    const comments = `/repos/${fixture.owner}/${fixture.repo}/issues/${fixture.number}/comments`;
    github.failNext({ method: 'POST', path: comments }, { hang: true }, 10);

    const result = await runBundledAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'request-timeout': '1' },
      githubApiUrl: github.url,
      fixture,
    });

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.stdout).toMatch(/summary comment could not be posted.*GitHub did not answer POST .*\/comments within 1s/);
    expect(github.reviews.filter((r) => r.event !== 'PENDING')).toHaveLength(1);
    // Sent, no answer, looked for it, sent once more: never a third blind create.
    expect(github.requests.filter((r) => r.method === 'POST' && r.path === comments)).toHaveLength(2);
  });

  it('reports an event file that is not JSON as a clear error, without a stack trace', async () => {
    const simulator = await startSimulator();
    const github = await startHungServer();
    closeAfterTest(simulator, github);

    const result = await runBundledAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
      githubApiUrl: github.url,
      fixture,
      event: '{"pull_request": ',
    });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/::error::Cannot read the event payload at '.*event\.json': it is not valid JSON\./);
    expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
    expect(github.received()).toBe(0);
  });
});
