/**
 * End to end: how the action spaces its writes to GitHub. GitHub asks for content-creating
 * requests one at a time and about a second apart when there are many; the action lets the first
 * five of a run go at once and paces the rest at one a second. That pacing exists for GitHub's
 * servers, so a GitHub API on a loopback address (127.0.0.0/8, ::1, localhost), where only a test
 * double or a local proxy can listen, is written to without it; any other host keeps it (a GitHub
 * Enterprise Server here, reached through a proxy; api.github.com in test/github/write-gate.test.ts).
 *
 * In this process, on a virtual clock for the write gate: the fake GitHub notes each request's
 * arrival on that clock, so the spacing GitHub sees is exact and nothing waits for real. Whether
 * writes ran alongside one another is counted at the fake (what it had not answered yet when a
 * write came in), not timed; the fake holds the answers to writes the action makes at once (the
 * check runs of two pull requests on one head) for a few turns of the event loop, so two sent
 * together would be seen together. The run's debug log names the pacing it chose.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakePull, RecordedRequest } from '../doubles/fake-github';
import { runActionOnClocks } from '../doubles/run-action-in-process';
import type { PullRequestFixture } from '../doubles/run-action';
import { startConnectProxy } from '../support/connect-proxy';
import { added } from '../support/fixture-files';
import { createVirtualClock } from '../support/virtual-clock';
import { useAction } from './harness';
import { CLEAN_PY, EVAL_PY } from './pull-request-runs';

const harness = useAction();
const { runAgainst } = harness;

/** GitHub's pacing as the action applies it: a burst of five, then one write a second. */
const BURST = 5;
const INTERVAL_MS = 1000;

/**
 * The demo with GitHub refusing one comment of src/app.py although the patch shows the line: the
 * review is refused, the action finds the refused comment with pending reviews it deletes, then
 * posts the review, the summary comment and the check run. `files`: keep only these of the demo.
 */
function refusedComment(demo: PullRequestFixture, line: number, files?: string[]): PullRequestFixture {
  return {
    ...demo,
    files: demo.files
      .filter((f) => files === undefined || files.includes(f.filename))
      .map((f) => (f.filename === 'src/app.py' ? { ...f, unresolvableLines: [line] } : f)),
  };
}

/** A write: every non-GET but a GraphQL query (a read; a mutation writes). */
function isWrite(request: RecordedRequest | undefined): boolean {
  if (request === undefined || request.method === 'GET') return false;
  const query = (request.body as { query?: unknown } | undefined)?.query;
  return request.path !== '/graphql' || (typeof query === 'string' && /^\s*mutation\b/.test(query));
}

/** When each write reached `github`, on the clock it was given. */
const writeTimes = (github: FakeGitHub): number[] => github.requests.filter(isWrite).map((r) => r.receivedAt);

/** Each write that came in while another write was still unanswered: none when they go one at a time. */
function overlappingWrites(github: FakeGitHub): string[] {
  return github.requests
    .filter((r) => isWrite(r) && r.unansweredOnArrival.some((index) => isWrite(github.requests[index])))
    .map((r) => `${r.method} ${r.path}`);
}

const debugLine = (text: string): string => `::debug::${text}\n`;

/**
 * Holds an answer until another write has reached the fake, or `turns` turns of the event loop
 * have passed (no timer): a write gate that lets two writes out at once shows as the second
 * arriving while the first is held, however slowly its connection opens; one that holds them back
 * costs the turns and nothing else.
 */
async function holdUntilAnotherWrite(github: FakeGitHub, turns: number): Promise<void> {
  const writesBefore = github.requests.filter(isWrite).length;
  for (let turn = 0; turn < turns && github.requests.filter(isWrite).length === writesBefore; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A fork's branch heading two open pull requests, judged in the `workflow_run` stage: the action
 * starts both check runs at once, then reviews and publishes each (#7 fails, so the head does).
 */
function twoPullsOnOneHead(demo: PullRequestFixture) {
  const head = '1'.repeat(40);
  const fork = { headSha: head, headRepo: 'mallory/shop', headRef: 'patch-1' };
  const shared = added('app/shared.py', 'def shared(values):\n    return max(values)\n');
  const fixture: PullRequestFixture = { ...demo, number: 7, headSha: head, baseSha: '3'.repeat(40), headRepo: fork.headRepo, files: [added('legacy/util.py', EVAL_PY), shared] };
  const pulls: FakePull[] = [
    { number: 7, baseSha: fixture.baseSha, baseRef: 'main', ...fork, files: fixture.files },
    { number: 8, baseSha: '4'.repeat(40), baseRef: 'legacy', ...fork, files: [added('legacy/notes.py', CLEAN_PY), shared] },
  ];
  const event = {
    action: 'completed',
    workflow_run: { id: 9, event: 'pull_request', head_sha: head, head_branch: fork.headRef, head_repository: { full_name: fork.headRepo, owner: { login: 'mallory' } }, pull_requests: [] },
  };
  return { fixture, pulls, event };
}

describe('writes to a GitHub API', () => {
  it('go one at a time and without pacing to a GitHub API on a loopback address, even those made at once', async () => {
    // Seven writes, two of them asked for at once: paced, two would wait a second each.
    const clock = createVirtualClock();
    const { fixture, pulls, event } = twoPullsOnOneHead(harness.demo);
    const { simulator, github } = await harness.servers({ fixture, github: { pulls, now: () => clock.now() } });
    github.onNext({ method: 'POST', path: `/repos/${fixture.owner}/${fixture.repo}/check-runs` }, () => holdUntilAnotherWrite(github, 200), 2);

    const result = await runAgainst(simulator, github, fixture, { 'pr-number': '' }, {
      eventName: 'workflow_run',
      event,
      env: { GITHUB_SHA: 'd'.repeat(40) },
      runner: runActionOnClocks({ writes: clock }),
    });
    const times = writeTimes(github);

    expect(result.exitCode).toBe(1);
    // Two check runs on the head, started at once, each completed.
    expect(github.checkRuns.map((c) => c.status)).toEqual(['completed', 'completed']);
    expect(result.stdout).toContain(debugLine(`Writes to the GitHub API at ${github.url} go one at a time, unpaced: it is on a loopback address.`));
    expect(times.length).toBeGreaterThanOrEqual(BURST + 2);
    // No write waited for the gate: every one reached GitHub at the clock's start.
    expect(times).toEqual(times.map(() => 0));
    expect(overlappingWrites(github)).toEqual([]);
  });

  it('go one at a time to any other host, the first five at once and then one a second', async () => {
    // Seven writes (one file, two comments at most): the review refused, its pending one deleted, then posted.
    const clock = createVirtualClock();
    const fixture = refusedComment(harness.demo, 4, ['src/app.py']);
    const { simulator, github } = await harness.servers({ fixture, github: { now: () => clock.now() } });
    // A GitHub Enterprise Server's host, reached through a proxy that tunnels to the fake.
    const proxy = await startConnectProxy(Number(new URL(github.url).port));
    harness.closeAfterTest(proxy);
    const apiUrl = 'http://github.internal.example';

    const result = await runAgainst(simulator, github, fixture, { 'max-comments': '2' }, {
      githubApiUrl: apiUrl,
      env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' },
      runner: runActionOnClocks({ writes: clock }),
    });
    const times = writeTimes(github);

    expect(result.exitCode).toBe(1);
    expect(github.reviews.filter((r) => r.state === 'PENDING')).toEqual([]);
    expect(new Set(proxy.connects)).toEqual(new Set(['github.internal.example:80']));
    expect(result.stdout).toContain(
      debugLine(`Writes to the GitHub API at ${apiUrl} go one at a time, paced as GitHub asks: the first ${BURST} at once, then one every 1 s.`),
    );
    expect(times.length).toBeGreaterThanOrEqual(BURST + 2);
    expect(times).toEqual(times.map((_, i) => Math.max(0, i - BURST + 1) * INTERVAL_MS));
    expect(overlappingWrites(github)).toEqual([]);
  });
});
