/**
 * The workflow self-test's two halves (.github/workflows/ci.yml, job `self-test`):
 *
 *   self-test.ts serve --proxy-port 8443 --state-port 8444 --dir "$RUNNER_TEMP"   (background)
 *   self-test.ts check --state-port 8444     with OUTCOME and OUTPUTS set through `env:`
 *
 * `serve` puts the demo pull request (fixtures/demo/) in a fake GitHub under this repository's
 * name (GITHUB_REPOSITORY), reachable as GITHUB_API_URL's host through an intercepting HTTPS
 * proxy (test/doubles/intercepted-github.ts says why), and answers GET / on the state port with
 * what was posted. `check` compares the action step's outcome and outputs, and what the fake
 * GitHub received, with what the demo pull request must give; it prints every difference and
 * exits 1 on any.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { SUMMARY_MARKER } from '../src/domain/markers';
import { loadFixture, startFixtureGitHub } from '../test/doubles/run-action';
import type { FakeGitHub } from '../test/doubles/fake-github';
import { interceptGitHub } from '../test/doubles/intercepted-github';
import type { InterceptedGitHub } from '../test/doubles/intercepted-github';

/** What the demo pull request gives with the default inputs: the self-test's expectation. */
export const EXPECTED = {
  outcome: 'failure',
  outputs: {
    result: 'failed',
    score: '65',
    'average-score': '87.6',
    errors: '2',
    warnings: '6',
    infos: '2',
    'files-reviewed': '5',
    'files-skipped': '4',
    'files-failed': '0',
    reasons: '2 error findings on added lines (fail-on-severity: error)',
  } as Record<string, string>,
  reviews: 1,
  inlineComments: 10,
  summaryComments: 1,
};

/** What the fake GitHub saw, as `serve` reports it. */
export interface PostedState {
  reviews: number;
  inlineComments: number;
  summaryComments: number;
  /** `host:port` of every CONNECT the proxy tunnelled. */
  connects: string[];
}

export interface SelfTestGitHub {
  github: FakeGitHub;
  intercepted: InterceptedGitHub;
  state(): PostedState;
  close(): Promise<void>;
}

export async function startSelfTestGitHub(options: { repository: string; apiUrl: string; dir: string; proxyPort?: number }): Promise<SelfTestGitHub> {
  const [owner, repo, ...rest] = options.repository.split('/');
  if (owner === undefined || owner === '' || repo === undefined || repo === '' || rest.length > 0) {
    throw new TypeError(`Invalid GITHUB_REPOSITORY '${options.repository}'. Expected format {owner}/{repo}.`);
  }
  const api = new URL(options.apiUrl);
  if (api.protocol !== 'https:' || api.pathname.replace(/\/$/, '') !== '') {
    // The proxy pipes bytes; it cannot strip GitHub Enterprise Server's /api/v3 prefix.
    throw new TypeError(`Invalid GITHUB_API_URL '${options.apiUrl}'. The self-test needs an https URL without a path, such as https://api.github.com.`);
  }
  const fixture = { ...(await loadFixture()), owner, repo };
  const github = await startFixtureGitHub(fixture);
  const intercepted = await interceptGitHub(github, { host: api.hostname, dir: options.dir, proxyPort: options.proxyPort ?? 0 });
  return {
    github,
    intercepted,
    state: () => ({
      reviews: github.reviews.filter((r) => r.state !== 'PENDING').length,
      inlineComments: github.reviewComments.length,
      summaryComments: github.issueComments.filter((c) => c.body.includes(SUMMARY_MARKER)).length,
      connects: [...intercepted.connects],
    }),
    close: async () => {
      await intercepted.close();
      await github.close();
    },
  };
}

/** Every difference between what the run gave and what the demo pull request must give. */
export function checkSelfTest(run: { outcome: string; outputs: Record<string, string>; state: PostedState; host: string }): string[] {
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown): void => {
    if (actual !== expected) problems.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  };
  expect('step outcome', run.outcome, EXPECTED.outcome);
  for (const [name, value] of Object.entries(EXPECTED.outputs)) expect(`output ${name}`, run.outputs[name], value);
  expect('reviews posted', run.state.reviews, EXPECTED.reviews);
  expect('inline comments posted', run.state.inlineComments, EXPECTED.inlineComments);
  expect('summary comments', run.state.summaryComments, EXPECTED.summaryComments);
  const elsewhere = run.state.connects.filter((c) => c !== `${run.host}:443`);
  if (run.state.connects.length === 0) problems.push('no request reached the proxy: HTTPS_PROXY was not used');
  if (elsewhere.length > 0) problems.push(`the proxy was asked for other hosts: ${elsewhere.join(', ')}`);
  return problems;
}

function flag(args: string[], name: string, fallback?: string): string {
  const at = args.indexOf(`--${name}`);
  const value = at === -1 ? fallback : args[at + 1];
  if (value === undefined || value === '') throw new TypeError(`Missing --${name}`);
  return value;
}

const apiUrl = (): string => process.env.GITHUB_API_URL ?? 'https://api.github.com';

async function serve(args: string[]): Promise<void> {
  const doubles = await startSelfTestGitHub({
    repository: process.env.GITHUB_REPOSITORY ?? '',
    apiUrl: apiUrl(),
    dir: flag(args, 'dir'),
    proxyPort: Number(flag(args, 'proxy-port')),
  });
  const stateServer: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doubles.state())));
  await new Promise<void>((resolve) => stateServer.listen(Number(flag(args, 'state-port')), '127.0.0.1', resolve));
  console.log(`Fake GitHub for ${process.env.GITHUB_REPOSITORY ?? ''} behind ${doubles.intercepted.proxyUrl}; certificate ${doubles.intercepted.caFile}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  stateServer.close();
  await doubles.close();
}

async function check(args: string[]): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${flag(args, 'state-port')}/`);
  const state = (await answer.json()) as PostedState;
  const outputs = JSON.parse(process.env.OUTPUTS ?? '{}') as Record<string, string>;
  const problems = checkSelfTest({ outcome: process.env.OUTCOME ?? '', outputs, state, host: new URL(apiUrl()).hostname });
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length > 0) return 1;
  console.log(`✓ outcome, ${Object.keys(EXPECTED.outputs).length} outputs, and what reached the fake GitHub are as expected.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'serve') await serve(args);
  else if (command === 'check') process.exitCode = await check(args);
  else {
    console.error('Usage: self-test.ts serve --proxy-port N --state-port N --dir DIR | check --state-port N');
    process.exitCode = 2;
  }
}
