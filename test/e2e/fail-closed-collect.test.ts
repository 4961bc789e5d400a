/**
 * End to end, fail closed at collection: the action (and the bundled dist/cli/index.js) against
 * the service simulator and the fake GitHub. A supported-language file the action did not review
 * — it could not decode it, it is too large, past max-files or past max-duration — counts as
 * incomplete, never as skipped; what is skipped is listed with the pattern or reason that skipped it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator, SimulatorOptions } from '../doubles/simulator';
import type { FakeGitHub } from '../doubles/fake-github';
import { GITHUB_TOKEN, ROOT } from '../doubles/run-action';
import { runActionOnClocks } from '../doubles/run-action-in-process';
import type { PullRequestFixture } from '../doubles/run-action';
import type { ActionClocks } from '../../src/action/review-on-github';
import { useAction } from './harness';
import { createManualClock } from '../support/virtual-clock';
import { added } from '../support/fixture-files';
import type { FixtureFile } from '../support/fixture-files';

const { demo, servers, closeAfterTest, run: runAction } = useAction({ bundles: ['dist/cli/index.js'] });

/** A file git calls binary (a NUL, UTF-16): GitHub lists it without a patch. */
function addedBytes(filename: string, bytes: Buffer): FixtureFile {
  return { filename, status: 'added', contentBase64: bytes.toString('base64') };
}

/** `clocks`: the run's waits on these (virtual) clocks instead of real ones. */
async function runOn(
  files: FixtureFile[],
  inputs: Record<string, string> = {},
  options: { simulator?: SimulatorOptions; setup?: (simulator: RunningSimulator) => void; clocks?: Partial<ActionClocks> } = {},
) {
  const fixture: PullRequestFixture = { ...demo, files };
  const { simulator, github } = await servers({ fixture, simulator: options.simulator ?? {} });
  options.setup?.(simulator);
  const runner = options.clocks === undefined ? runAction : runActionOnClocks(options.clocks);
  const result = await runner({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
  });
  return { ...result, simulator, github };
}

const reviewRequests = (simulator: RunningSimulator) => simulator.requests.filter((r) => r.path === '/v1/agent/review');
const summaryComment = (github: FakeGitHub) => github.issueComments[0]?.body ?? '';

describe('text that is not UTF-8 (item 1)', () => {
  it('reviews a UTF-16 .ts with a BOM, a .js with a NUL in a comment and a Latin-1 Python file that declares its coding', async () => {
    const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('export const a = 1;\nexport const b = eval(input);\n', 'utf16le')]);
    const nul = Buffer.from('const x = 1; // \0 git calls this file binary\nconsole.log(eval(x));\n');
    const source = "# -*- coding: latin-1 -*-\nname = 'café'\npassword = 'hunter2'\n";
    const { content: _utf8, ...legacy } = added('app/legacy.py', source);
    const latin1 = { ...legacy, contentBase64: Buffer.from(source, 'latin1').toString('base64') };
    const run = await runOn([addedBytes('src/wide.ts', wide), addedBytes('web/nul.js', nul), latin1]);

    expect(run.outputs).toMatchObject({ 'files-reviewed': '3', 'files-skipped': '0', 'files-failed': '0' });
    // nul.js and legacy.py again with their comments and strings blanked (injection-check); wide.ts holds no text.
    expect(reviewRequests(run.simulator).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // The BOM is gone and the lines are the file's own: eval() is found on line 2 of each.
    expect(run.stepSummary).toContain('`src/wide.ts:2`');
    expect(run.stepSummary).toContain('`web/nul.js:2`');
    expect(run.github.reviewComments.map((c) => `${c.path}:${c.line}`)).toContain('app/legacy.py:3');
    expect(run.exitCode).toBe(1);
  });

  it('counts a .js with one Latin-1 byte as not reviewed, naming the byte and its line, and fails the check', async () => {
    const bytes = Buffer.from('const greeting = 1;\n// caf\xe9\neval(greeting);\n', 'latin1');
    const run = await runOn([addedBytes('web/latin.js', bytes), added('src/ok.py', 'x = 1\n')]);

    const reason = 'not reviewed: could not decode as text (invalid UTF-8 byte 0xE9 on line 2); save it as UTF-8';
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1', 'files-failed': '1', 'files-skipped': '0' });
    expect(run.outputs.reasons).toContain(`1 file could not be reviewed: web/latin.js (${reason}) (on-incomplete: fail)`);
    expect(run.stdout).toContain(`✗ web/latin.js: ${reason}`);
    expect(run.stepSummary).toContain('### Files that could not be reviewed (1)');
    expect(summaryComment(run.github)).toContain('could not decode as text (invalid UTF-8 byte 0xE9 on line 2)');
  });

  it('passes on-incomplete pass with a notice that still names the file', async () => {
    const run = await runOn([addedBytes('web/latin.js', Buffer.from('// caf\xe9\n', 'latin1'))], { 'on-incomplete': 'pass' });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/::notice::1 file could not be reviewed: web\/latin\.js \(not reviewed: could not decode as text/);
  });

  it('does not skip a ZIP archive named .py, which `python` runs: not reviewed, and the check fails', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), Buffer.from('__main__.py'), Buffer.from('PK\x05\x06')]);
    const run = await runOn([addedBytes('tools/evil.py', zip), added('src/ok.py', 'x = 1\n')]);

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1', 'files-skipped': '0', 'files-failed': '1' });
    expect(run.outputs.reasons).toContain('tools/evil.py (not reviewed: could not decode as text (a ZIP archive, which Python runs as a program');
  });

  it('still skips a real binary file, found by its content, and says which format it is', async () => {
    const packet = (first: boolean): Buffer => {
      const p = Buffer.alloc(188, 0xff);
      p.set(first ? [0x47, 0x40, 0x00, 0x10] : [0x47, 0x01, 0x00, 0x10]);
      return p;
    };
    const video = Buffer.concat([packet(true), ...Array.from({ length: 30 }, () => packet(false))]);
    const run = await runOn([addedBytes('media/segment0.ts', video), added('src/ok.py', 'x = 1\n')]);

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ 'files-reviewed': '1', 'files-skipped': '1', 'files-failed': '0' });
    expect(run.stdout).toContain('– media/segment0.ts: skipped, binary file (MPEG transport stream video)');
  });
});

describe('size, max-files and default excludes (item 3)', () => {
  it('does not review a file one byte over max-file-size and fails the check, saying so', async () => {
    const run = await runOn([added('src/big.py', `${'x = 1\n'.repeat(6)}y=2\n`), added('src/ok.py', 'x = 1\n')], { 'max-file-size': '39' });

    const reason = 'not reviewed: the file has 40 bytes, more than max-file-size (39 bytes); raise max-file-size to review it';
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'files-reviewed': '1', 'files-failed': '1' });
    expect(run.stdout).toContain(`✗ src/big.py: ${reason}`);
    expect(run.outputs.reasons).toContain(`src/big.py (${reason})`);
    expect(reviewRequests(run.simulator)).toHaveLength(1);
  });

  it('does not review the file past max-files and fails the check, saying so', async () => {
    const files = ['a', 'b', 'c'].map((name) => added(`src/${name}.py`, `${name} = 1\n`));
    const run = await runOn(files, { 'max-files': '2' });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'files-reviewed': '2', 'files-failed': '1', 'files-skipped': '0' });
    expect(run.stdout).toContain('✗ src/c.py: not reviewed: past max-files (2 files); raise max-files to review it');
    expect(run.stepSummary).toContain('past max-files (2 files)');
  });

  const excludedByName = [
    added('app/vendor/x.py', 'x = eval(y)\n'),
    added('proto/a_pb2.py', 'x = eval(y)\n'),
    added('web/x.generated.ts', 'export const x = eval(y);\n'),
    added('src/ok.py', 'x = 1\n'),
  ];
  const patterns = [
    ['app/vendor/x.py', '**/vendor/**'],
    ['proto/a_pb2.py', '**/*_pb2.py'],
    ['web/x.generated.ts', '**/*.generated.*'],
  ];

  it('does not review a file only a default exclude matches, listing it with the pattern, and fails the check', async () => {
    const run = await runOn(excludedByName);

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'files-reviewed': '1', 'files-skipped': '0', 'files-failed': '3' });
    for (const [path, pattern] of patterns) {
      expect(run.stdout).toContain(`✗ ${path}: not reviewed: matched by default exclude '${pattern}'`);
      // Markdown may escape the stars; the path and the pattern are still there, on one line.
      const lines = run.stepSummary.split('\n').filter((l) => l.includes(`\`${path}\``)).map((l) => l.replace(/\\/g, ''));
      expect(lines.some((l) => l.includes(`matched by default exclude '${pattern}'`)), lines.join('\n')).toBe(true);
    }
  });

  it('skips them, with the pattern, once exclude names the default list on purpose', async () => {
    const run = await runOn(excludedByName, { exclude: '**/vendor/**, **/*_pb2.py, **/*.generated.*' });

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ 'files-reviewed': '1', 'files-skipped': '3', 'files-failed': '0' });
    for (const [path, pattern] of patterns) expect(run.stdout).toContain(`– ${path}: skipped, matched by exclude '${pattern}'`);
  });
});

describe('malformed globs (item 5)', () => {
  it('refuses an include glob that cannot match anything before any request, quoting it', async () => {
    const run = await runOn([added('src/ok.py', 'x = eval(y)\n')], { include: '[z-a]' });

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain("Invalid include glob '[z-a]': range out of order in character class.");
    expect(run.stdout).not.toContain('Nothing to review');
    expect(run.outputs.result).toBe('failed');
    expect(run.simulator.requests).toEqual([]);
    expect(run.github.requests).toEqual([]);
  });
});

describe('max-duration (item 11)', () => {
  it('stops a review the service never answers at max-duration, still posts the report and fails the check', async () => {
    // The review queue's clock moves only when the test says: it jumps the half hour of
    // max-duration once the service holds a review request. The service would answer each after
    // an hour on that clock, and the request timeout (a real one) is ten minutes away: only the
    // deadline can end the run in time, and only on the clock the run was given.
    const clock = createManualClock();
    const deadlineMs = 30 * 60_000;
    let held = 0;
    const answerLate = (ms: number): Promise<void> => {
      const answered = clock.sleep(ms);
      held += 1;
      if (held === 1) clock.advance(deadlineMs);
      return answered;
    };
    const files = Array.from({ length: 8 }, (_, i) => added(`src/f${i}.py`, `x${i} = 1\n`));
    const run = await runOn(
      files,
      { 'max-duration': '30', 'request-timeout': '600', 'max-retries': '1', concurrency: '2' },
      {
        simulator: { sleep: answerLate },
        setup: (simulator) => simulator.inject({ kind: 'latency', ms: 2 * deadlineMs, times: 1000, path: '/v1/agent/review' }),
        clocks: { review: clock },
      },
    );

    const reason = 'not reviewed: max-duration of 30 minutes reached';
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '0', 'files-failed': '8' });
    // Every file says so, the ones whose requests the deadline cut short too.
    expect(run.stdout.split('\n').filter((line) => line.includes(`: ${reason} (`))).toHaveLength(8);
    // Counted, not timed: the deadline came while the first of the two slots' requests was held.
    expect(held).toBeGreaterThanOrEqual(1);
    expect(held).toBeLessThanOrEqual(2);
    expect(clock.now()).toBe(deadlineMs);
    // The report still lands: the summary comment names the deadline for each file.
    expect(run.github.issueComments).toHaveLength(1);
    expect(summaryComment(run.github)).toContain(reason);
    expect(run.stepSummary).toContain('### Files that could not be reviewed (8)');
  });
});

describe('large blobs through the GitHub API (item 15)', () => {
  it('reads and reviews an 8 MB file when max-file-size allows it', { timeout: 60_000 }, async () => {
    const filler = `# ${'a'.repeat(97)}\n`;
    const lines = Math.floor(8_000_000 / filler.length);
    const content = `${filler.repeat(lines)}x = eval(y)\n`;
    const run = await runOn(
      [{ filename: 'src/huge.py', status: 'added', content, additions: lines + 1 }],
      // Reading the blob is the point: injection-check would send the 8 MB to the service again, blanked.
      { 'max-file-size': '10000000', 'injection-check': 'off' },
      { simulator: { contextLimitTokens: 3_000_000 } },
    );

    expect(run.stderr + run.stdout).not.toContain('Received undefined');
    expect(run.outputs).toMatchObject({ 'files-reviewed': '1', 'files-failed': '0' });
    expect(run.stepSummary).toContain(`\`src/huge.py:${lines + 1}\``);
  });
});

describe('the terminal command (items 1 and 11)', () => {
  let repo: string;
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/cli/index.js'), ...args], {
        cwd: repo,
        env: { PATH: process.env.PATH ?? '', HOME: repo, ...env },
      });
      const out: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => out.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 1, out: Buffer.concat(out).toString('utf8') }));
    });
  }

  function gitRepo(): void {
    repo = mkdtempSync(join(tmpdir(), 'review-gate-collect-cli-'));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
    git('init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'README.md'), '# demo\n');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
  }

  it('fails on a new .js file with a Latin-1 byte instead of skipping it as binary', async () => {
    gitRepo();
    const simulator = await startSimulator();
    closeAfterTest(simulator);
    writeFileSync(join(repo, 'tool.js'), Buffer.from('// r\xe9sum\xe9\neval(process.argv[2]);\n', 'latin1'));
    const result = await cli(['--api-url', simulator.url], { REVIEW_GATE_API_KEY: DEMO_KEY });

    expect(result.code).toBe(1);
    expect(result.out).toContain('✗ tool.js: not reviewed: could not decode as text (invalid UTF-8 byte 0xE9 on line 1)');
  });

  it('takes --max-duration and refuses a bad value with the reason, exit status 2', async () => {
    gitRepo();
    const result = await cli(['--api-url', 'http://127.0.0.1:9', '--max-duration', 'soon'], { REVIEW_GATE_API_KEY: DEMO_KEY });
    expect(result.code).toBe(2);
    expect(result.out).toContain("Invalid --max-duration 'soon'. Expected a number of minutes from 0.05 to 300, such as 30 or 0.5.");
  });
});
