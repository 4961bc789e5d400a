/**
 * The workflow self-test, run here as the runner runs it: GITHUB_API_URL is the real
 * https://api.github.com (a step's `env:` cannot change it), the event is a push without a pull
 * request, and only HTTPS_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS — which a step may set —
 * lead the bundled action to the fake GitHub. Proves that the job in ci.yml can pass, and that
 * its check fails when the action's outputs are not the demo's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { GITHUB_TOKEN, loadFixture, runBundledAction } from '../doubles/run-action';
import type { ActionRun } from '../doubles/run-action';
import { EXPECTED, checkSelfTest, startSelfTestGitHub } from '../../scripts/self-test';
import type { SelfTestGitHub } from '../../scripts/self-test';

const REPOSITORY = 'octo-org/review-gate';
let dir: string;
let simulator: RunningSimulator;
let doubles: SelfTestGitHub;
let run: ActionRun;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-self-test-'));
  simulator = await startSimulator();
  doubles = await startSelfTestGitHub({ repository: REPOSITORY, apiUrl: 'https://api.github.com', dir });
  const [owner = '', repo = ''] = REPOSITORY.split('/');
  run = await runBundledAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'pr-number': '42' },
    githubApiUrl: 'https://api.github.com',
    fixture: { ...(await loadFixture()), owner, repo },
    eventName: 'push',
    event: { ref: 'refs/heads/main', repository: { full_name: REPOSITORY } },
    env: { HTTPS_PROXY: doubles.intercepted.proxyUrl, NO_PROXY: '127.0.0.1,localhost', NODE_EXTRA_CA_CERTS: doubles.intercepted.caFile },
  });
});

afterAll(async () => {
  await doubles.close();
  await simulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the workflow self-test', () => {
  it('reaches the fake GitHub as api.github.com through the proxy and gives the demo’s outputs', () => {
    expect(run.stderr).not.toMatch(/certificate|self.signed|ECONNREFUSED/i);
    expect(run.exitCode).toBe(1);
    expect(doubles.intercepted.connects.length).toBeGreaterThan(0);
    expect(new Set(doubles.intercepted.connects)).toEqual(new Set(['api.github.com:443']));
    expect(run.outputs).toEqual(EXPECTED.outputs);
    const problems = checkSelfTest({ outcome: 'failure', outputs: run.outputs, state: doubles.state(), host: 'api.github.com' });
    expect(problems).toEqual([]);
  });

  it('names every difference when the outputs or the posts are not the demo’s', () => {
    const problems = checkSelfTest({
      outcome: 'success',
      outputs: { ...run.outputs, errors: '0' },
      state: { ...doubles.state(), inlineComments: 9, connects: ['api.github.com:443', 'evil.example:443'] },
      host: 'api.github.com',
    });
    expect(problems).toEqual([
      'step outcome: expected "failure", got "success"',
      'output errors: expected "2", got "0"',
      'inline comments posted: expected 10, got 9',
      'the proxy was asked for other hosts: evil.example:443',
    ]);
  });

  it('refuses a GitHub Enterprise Server API URL with a path, which the byte-piping proxy cannot serve', async () => {
    await expect(startSelfTestGitHub({ repository: REPOSITORY, apiUrl: 'https://ghes.example/api/v3', dir })).rejects.toThrow(
      "Invalid GITHUB_API_URL 'https://ghes.example/api/v3'. The self-test needs an https URL without a path, such as https://api.github.com.",
    );
  });
});
