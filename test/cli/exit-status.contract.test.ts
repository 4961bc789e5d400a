/**
 * The exit status of the bundled `review-gate` is a contract (a pre-push hook branches on it):
 * 0 passed, 1 failed, 2 usage or settings error, 3 could not run. Every status is produced here
 * by the situation it stands for, and the table in `--help` and in the README is the same one.
 *
 * The status is `runCli`'s answer, which the bundle's entry (src/cli/main.ts) sets as its exit
 * code and nothing else: one situation per status runs the bundled command and reads its real exit
 * status, the others run `runCli` in this process (test/cli/in-process.ts), ~0.5 s of CPU less each.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, EXIT_MEANINGS } from '../../src/cli/exit-status';
import { ROOT } from '../doubles/run-action';
import { startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { CLOSED_PORT } from '../support/closed-port';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from './bundled';
import type { CliRunner, TempRepo } from './bundled';
import { runCliInProcess } from './in-process';

let simulator: RunningSimulator;
let clean: TempRepo;
let failing: TempRepo;
let notARepo: string;

beforeAll(async () => {
  assertBuilt();
  simulator = await startSimulator();
  clean = tempRepo();
  clean.write('app.py', 'x = 1\n');
  clean.commit('base');
  clean.write('app.py', 'def add(a, b):\n    return a + b\n');
  failing = tempRepo();
  failing.write('app.py', 'x = 1\n');
  failing.commit('base');
  failing.write('app.py', 'def run(rule):\n    return eval(rule)\n');
  notARepo = mkdtempSync(join(tmpdir(), 'review-gate-not-a-repo-'));
});
afterAll(async () => {
  await simulator.close();
  clean.remove();
  failing.remove();
  rmSync(notARepo, { recursive: true, force: true });
});

const run = (cwd: string, args: string[], env: Record<string, string | undefined> = {}, runner: CliRunner = runCliInProcess) =>
  runner(args, { cwd, env: { ...serviceEnv(simulator.url), ...env } });
/** The bundled command's own process, for the one situation of each status whose real exit status is read. */
const bundled = (cwd: string, args: string[], env: Record<string, string | undefined> = {}) => run(cwd, args, env, runCliBundle);

describe('exit status 0: the gate passed', () => {
  it('on a clean change', async () => {
    const result = await bundled(clean.dir, []);
    expect(result.code).toBe(EXIT.passed);
    expect(result.out.trimEnd().split('\n').at(-1)).toBe('review-gate passed.');
  });
});

describe('exit status 1: the gate failed', () => {
  it('on an error finding', async () => {
    const result = await bundled(failing.dir, []);
    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toContain('review-gate failed: 1 error finding on added lines');
  });

  it('on a file that could not be reviewed for a reason of its own (too large)', async () => {
    const result = await run(failing.dir, ['--max-file-size', '10']);
    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toContain('app.py: not reviewed: the file has');
  });
});

describe('exit status 2: usage or settings error, with the bad value quoted', () => {
  it.each([
    [['--bogus'], "review-gate: Unknown option '--bogus' for review-gate review. See 'review-gate review --help'."],
    [['--base'], "review-gate: Option --base needs a value. See 'review-gate review --help'."],
    [['--min-score', '150'], "review-gate: Invalid --min-score '150'. Expected a whole number from 0 to 100."],
    [['--format', 'xml'], "review-gate: Invalid --format 'xml'. Expected one of: text, json, sarif, markdown, codeclimate."],
    [['--base', 'no-such-branch'], "review-gate: Unknown revision 'no-such-branch' for --base: expected a commit such as HEAD, main or origin/main, or a range A...B or A..B."],
    [['complete', '--max-tokens', 'lots', 'x'], "review-gate: Invalid --max-tokens 'lots'. Expected a whole number from 1 to 8000."],
  ])('%j, before any request', async (args, message) => {
    const before = simulator.requests.length;
    // The first through the bundle: nothing on its real stdout, the message on its real stderr.
    const result = await (args[0] === '--bogus' ? bundled : run)(failing.dir, args);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err.trimEnd()).toBe(message);
    expect(result.out).toBe('');
    expect(simulator.requests.length).toBe(before);
  });

  it('names environment variables as environment variables, all problems at once', async () => {
    const result = await run(failing.dir, ['--concurrency', 'zero'], { REVIEW_GATE_API_KEY: undefined, REVIEW_GATE_API_URL: undefined });
    expect(result.code).toBe(EXIT.usage);
    expect(result.err.trimEnd()).toBe(
      [
        'review-gate: 3 settings are invalid:',
        '- The environment variable REVIEW_GATE_API_KEY is not set: export the service key (svc_live_…) in it.',
        '- The service URL is not set: pass --api-url URL or set the environment variable REVIEW_GATE_API_URL.',
        "- Invalid --concurrency 'zero'. Expected a whole number from 1 to 32.",
      ].join('\n'),
    );
  });
});

describe('exit status 3: could not run', () => {
  it('outside a git repository, said without internal names', async () => {
    const result = await bundled(notARepo, []);
    expect(result.code).toBe(EXIT.couldNotRun);
    expect(result.err.trimEnd()).toBe('review-gate could not run: This folder is not inside a git repository: run review-gate in a clone of the repository to review.');
    expect(result.err).not.toMatch(/GitError|Error:|\n\s+at /);
  });

  it('when the key is rejected, without "Nothing to review" and without the prefix remedy for a key that has it', async () => {
    const result = await run(failing.dir, [], { REVIEW_GATE_API_KEY: 'svc_live_revoked_key_0000000000' });
    expect(result.code).toBe(EXIT.couldNotRun);
    expect(result.out).toMatch(/review-gate could not run: the review service rejected the key \(authentication_failed, request svc_req_\d+\); 1 of 1 files not reviewed\. The key in REVIEW_GATE_API_KEY has the svc_live_ prefix but was refused/);
    expect(result.out + result.err).not.toContain('Nothing to review');
    expect(result.out + result.err).not.toContain('Use a valid key with the svc_live_ prefix');
  });

  it('when the service is unreachable', async () => {
    const result = await run(failing.dir, ['--max-retries', '0'], { REVIEW_GATE_API_URL: `http://127.0.0.1:${CLOSED_PORT}` });
    expect(result.code).toBe(EXIT.couldNotRun);
    expect(result.out).toMatch(/review-gate could not run: the review service at http:\/\/127\.0\.0\.1:\d+ could not be reached \(network_error\)/);
  });

  it('when the service is unreachable, with the default retries and several files', async () => {
    for (const name of ['b.py', 'c.py', 'd.py']) failing.write(name, `${name[0]} = 1\n`);
    const result = await run(failing.dir, [], { REVIEW_GATE_API_URL: `http://127.0.0.1:${CLOSED_PORT}` });
    failing.git('clean', '-fq');
    expect(result.code).toBe(EXIT.couldNotRun);
    expect(result.out).toMatch(/review-gate could not run: the review service at http:\/\/127\.0\.0\.1:\d+ could not be reached \(network_error\); 4 of 4 files not reviewed/);
  });

  it('at the daily limit', async () => {
    simulator.inject({ kind: 'daily_limit', path: '/v1/agent/review' });
    const result = await run(failing.dir, []);
    expect(result.code).toBe(EXIT.couldNotRun);
    expect(result.out).toContain("review-gate could not run: the key's daily request limit is used up (daily_limit_exceeded");
  });

  it('is 3 when the only reason is a file the daily limit kept from review, the other passing against its base version', async () => {
    const legacy = tempRepo();
    legacy.write('legacy.py', 'legacy_base = 1\n');
    legacy.commit('base');
    legacy.write('legacy.py', 'legacy_head = 1\n');
    legacy.write('new.py', 'fresh = 1\n');
    // legacy.py scores 50 (below min-score 60) but its base version 40: it passes score-baseline base.
    simulator.inject({ kind: 'answer', patch: { quality_score: 50 }, bodyContains: 'legacy_head' });
    simulator.inject({ kind: 'answer', patch: { quality_score: 40 }, bodyContains: 'legacy_base' });
    simulator.inject({ kind: 'daily_limit', bodyContains: 'fresh' });
    try {
      const result = await run(legacy.dir, ['--min-score', '60', '--score-baseline', 'base', '--concurrency', '1']);
      expect(result.out).toContain("note: quality score 50 of legacy.py is below min-score 60 but not below its base version's 40");
      expect(result.out).toContain("review-gate could not run: the key's daily request limit is used up (daily_limit_exceeded");
      expect(result.code).toBe(EXIT.couldNotRun);
    } finally {
      legacy.remove();
    }
  });

  it('is 1, not 3, when what was reviewed already fails the gate', async () => {
    failing.write('b.py', 'y = 2\n');
    // The first request (app.py, listed first, one at a time) is answered; the second hits the limit.
    simulator.inject({ kind: 'latency', ms: 0, path: '/v1/agent/review' });
    simulator.inject({ kind: 'daily_limit', path: '/v1/agent/review' });
    const result = await run(failing.dir, ['--concurrency', '1']);
    failing.git('clean', '-fq');
    expect(result.out).toMatch(/^app\.py:2 {2}error {2}eval\(\)/m);
    expect(result.out).toContain('b.py: not reviewed: daily limit reached');
    expect(result.code).toBe(EXIT.failed);
  });
});

describe('the table', () => {
  const table = EXIT_MEANINGS.map(([status, meaning]) => `| ${status} | ${meaning} |`);

  it('is the README\'s', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(['| status | meaning |', '|---|---|', ...table].join('\n'));
  });

  it('is in --help', async () => {
    const result = await run(clean.dir, ['--help']);
    expect(result.out).toContain(['Exit status:', ...EXIT_MEANINGS.map(([s, m]) => `  ${s}  ${m}`)].join('\n'));
    expect(EXIT_MEANINGS.map(([s]) => s)).toEqual([0, 1, 2, 3]);
  });
});
