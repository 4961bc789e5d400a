/**
 * End to end: how the action spaces its writes to GitHub. GitHub asks for content-creating
 * requests one at a time and about a second apart when there are many; the action lets the first
 * five of a run go at once and paces the rest at one a second. That pacing exists for GitHub's
 * servers, so a GitHub API on a loopback address (127.0.0.0/8, ::1, localhost), where only a test
 * double or a local proxy can listen, is written to without it; any other host keeps it, the real
 * api.github.com included.
 *
 * Times are taken as each write reaches the fake GitHub. N writes paced by that rule cannot fit
 * in less than N - 6 seconds (the five of the burst, then one per second earned, with at most a
 * second's credit earned before the first write), however loaded the machine is; unpaced, each
 * takes a few milliseconds.
 */
import { describe, expect, it } from 'vitest';
import { asGitHubCom } from '../doubles/intercepted-github';
import type { FakeGitHub } from '../doubles/fake-github';
import { runBundledAction } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const harness = useAction({ bundles: ['dist/index.js'] });
const { runAgainst } = harness;

/** GitHub's pacing as the action applies it: a burst of five, then one write a second. */
const BURST = 5;
const INTERVAL_MS = 1000;

/** The least time from the first to the last of `writes` writes that the pacing allows. */
function leastPacedSpan(writes: number): number {
  return (writes - BURST - 1) * INTERVAL_MS;
}

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

/** Records when each write (a REST write, or a GraphQL request) reaches `github`, in ms. */
/** When each write reached the fake: every non-GET but a GraphQL query (a read; a mutation writes). */
function writesOf(github: FakeGitHub): number[] {
  const isQuery = (body: unknown) => {
    const query = (body as { query?: unknown } | undefined)?.query;
    return !(typeof query === 'string' && /^\s*mutation\b/.test(query));
  };
  return github.requests.filter((r) => r.method !== 'GET' && !(r.path === '/graphql' && isQuery(r.body))).map((r) => r.receivedAt);
}

const span = (at: number[]): number => (at.at(-1) ?? 0) - (at[0] ?? 0);

describe('writes to a GitHub API', () => {
  it('go without pacing to a GitHub API on a loopback address', async () => {
    // About a dozen writes: paced, they would take six seconds at least.
    const fixture = refusedComment(harness.demo, 18);
    const { simulator, github } = await harness.servers({ fixture });

    const result = await runAgainst(simulator, github, fixture);
    const writes = writesOf(github);

    expect(result.exitCode).toBe(1);
    expect(github.reviews.filter((r) => r.state === 'PENDING')).toEqual([]);
    expect(writes.length).toBeGreaterThanOrEqual(BURST + 2);
    expect(span(writes)).toBeLessThan(leastPacedSpan(writes.length));
  });

  it('are paced to api.github.com: after the first five, one a second', async () => {
    // Seven writes (one file, two comments at most): paced, they take a second at least.
    const fixture = refusedComment(harness.demo, 4, ['src/app.py']);
    const { simulator, github } = await harness.servers({ fixture });
    // The fake reached as the real host, through a proxy that ends TLS as a company's proxy does.
    const githubCom = await asGitHubCom(github);
    harness.closeAfterTest(githubCom);

    // The bundle: node reads NODE_EXTRA_CA_CERTS, the proxy's certificate, only as it starts.
    const result = await runAgainst(simulator, github, fixture, { 'max-comments': '2' }, { githubApiUrl: githubCom.githubApiUrl, env: githubCom.env, runner: runBundledAction });
    const writes = writesOf(github);

    expect(result.exitCode).toBe(1);
    expect(new Set(githubCom.connects)).toEqual(new Set(['api.github.com:443']));
    expect(writes.length).toBeGreaterThanOrEqual(BURST + 2);
    // Less half a second for the jitter of arrival times: unpaced, these writes take a tenth of it.
    expect(span(writes)).toBeGreaterThanOrEqual(leastPacedSpan(writes.length) - INTERVAL_MS / 2);
  });
});
