/**
 * End to end, issue 15 round 2b: the gaps an outside review found after the first fixes, each
 * run through the bundled dist/index.js (and dist/cli/index.js) against the service simulator
 * (or a service of another kind), the fake GitHub and real git repositories.
 *
 * - A: a name the pull request chooses (`*.generated.*`, `vendor/`, `*.min.js`, …) cannot keep
 *   code from review: only an `exclude` the user set skips it.
 * - B: an extensionless file whose `#!` line names Node, Deno, Bun, Python, … is reviewed as
 *   that language.
 * - C: the file list is read while GitHub links a next page, and a list shorter than the pull
 *   request's own count fails closed.
 * - D: a file holding a line break git does not count (a lone CR, U+2028, …) cannot be placed:
 *   its findings count, and no marker counts there.
 * - E: a type change (file ↔ symlink) in the checkout no longer sends the run to the API.
 * - F: an api-url answering JSON that is not a review, on every request, is "could not run".
 */
import { symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/publish/exit-status';
import type { FakeGitHubOptions } from '../doubles/fake-github';
import type { RunningSimulator } from '../doubles/simulator';
import type { PullRequestFixture } from '../doubles/run-action';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from '../cli/bundled';
import type { TempRepo } from '../cli/bundled';
import { reviewAnswer, startScriptedService } from '../support/scripted-service';
import { runAgainst, useBundledAction } from './harness';
import { added } from '../support/fixture-files';
import type { FixtureFile } from '../support/fixture-files';

const { demo, servers, closeAfterTest } = useBundledAction({ bundles: ['dist/index.js', 'dist/cli/index.js'] });

const EVAL_PY = 'import sys\n\n\ndef run(expr):\n    return eval(expr)\n\n\nrun(sys.argv[1])\n';
const EVAL_JS = 'export function run(expr) {\n  return eval(expr);\n}\n';
const CLEAN_PY = 'def total(values):\n    return sum(values)\n';
/** The line breaks of Python's str.splitlines(), as a service written in Python may number lines. */
// eslint-disable-next-line no-control-regex -- splitting at control characters is the point
const SPLITLINES = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

async function runOn(files: FixtureFile[], options: { inputs?: Record<string, string>; github?: Partial<FakeGitHubOptions> } = {}) {
  const fixture: PullRequestFixture = { ...demo, files };
  const { simulator, github } = await servers({ fixture, github: options.github ?? {} });
  const result = await runAgainst(simulator, github, fixture, options.inputs ?? {});
  return { ...result, simulator, github };
}

const reviewBodies = (simulator: RunningSimulator) =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => JSON.parse(r.body ?? '{}') as { code: string; language: string });

/** The terminal command on a repository whose main holds src/ok.py, with `files` written (untracked) on top. */
async function reviewInTerminal(files: Record<string, string>) {
  assertBuilt();
  const { simulator } = await servers();
  const repo = tempRepo();
  try {
    repo.write('src/ok.py', CLEAN_PY);
    repo.commit('base');
    for (const [path, content] of Object.entries(files)) repo.write(path, content);
    return { result: await runCliBundle([], { cwd: repo.dir, env: serviceEnv(simulator.url) }), simulator };
  } finally {
    repo.remove();
  }
}

describe('A: a name the pull request chooses cannot keep code from review', () => {
  const DEFAULT_EXCLUDED: Array<[string, string, string]> = [
    ['src/app.generated.py', '**/*.generated.*', EVAL_PY],
    ['src/vendor/util.py', '**/vendor/**', EVAL_PY],
    ['lib/helpers.min.js', '**/*.min.js', EVAL_JS],
    ['web/app.bundle.js', '**/*.bundle.js', EVAL_JS],
    ['api/service_pb2.py', '**/*_pb2.py', EVAL_PY],
    ['dist/cli.js', 'dist/**', EVAL_JS],
    ['tools/node_modules/x/index.js', '**/node_modules/**', EVAL_JS],
    ['cmd/api.pb.go', '**/*.pb.go', 'package api\n'],
  ];
  // One pull request holds them all, beside one clean file: one run, asked about file by file.
  let shared: ReturnType<typeof runOn> | undefined;
  const excludedRun = () => (shared ??= runOn([...DEFAULT_EXCLUDED.map(([path, , content]) => added(path, content)), added('src/ok.py', CLEAN_PY)]));

  it('reviews none of the files only the default exclude list matches, and fails the check as incomplete', async () => {
    const run = await excludedRun();

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1', 'files-failed': String(DEFAULT_EXCLUDED.length), 'files-skipped': '0' });
    expect(reviewBodies(run.simulator).map((b) => b.code)).toEqual([CLEAN_PY]);
    expect(run.outputs.reasons).toContain(`${DEFAULT_EXCLUDED.length} files could not be reviewed: src/app.generated.py (not reviewed: matched by default exclude`);
  });

  it.each(DEFAULT_EXCLUDED)('does not review %s, matched only by the default exclude %s, and fails the check naming the pattern and the remedy', async (path, pattern) => {
    const run = await excludedRun();

    const line = run.stdout.split('\n').find((l) => l.startsWith(`✗ ${path}: `)) ?? '';
    expect(line).toContain(`not reviewed: matched by default exclude '${pattern}'`);
    expect(line).toContain('list it in exclude to skip such files on purpose');
    // The reasons name five files and count the rest; the job summary lists every one.
    expect(run.stepSummary).toContain(path);
  });

  it('still skips a file matched by an exclude the user set, with that pattern, and passes', async () => {
    const run = await runOn([added('src/app.generated.py', EVAL_PY), added('src/ok.py', CLEAN_PY)], { inputs: { exclude: '**/*.generated.*' } });

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1', 'files-skipped': '1', 'files-failed': '0' });
    expect(run.stdout).toContain("– src/app.generated.py: skipped, matched by exclude '**/*.generated.*'");
  });

  it('leaves lock files and other files in no supported language skipped, as before', async () => {
    const run = await runOn([added('Cargo.lock', '# lock\n'), added('web/package-lock.json', '{}\n'), added('go.sum', 'x v1 h1:y\n'), added('src/ok.py', CLEAN_PY)]);

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1', 'files-skipped': '3', 'files-failed': '0' });
  });

  it('in the terminal too: a generated-looking name with eval() fails the gate instead of passing it', async () => {
    const { result } = await reviewInTerminal({ 'src/app.generated.py': EVAL_PY });

    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toContain("matched by default exclude '**/*.generated.*'");
  });
});

describe('B: an extensionless file is reviewed as the language its #! line names', () => {
  const SCRIPTS: Array<[string, string, string, string]> = [
    ['bin/tool', '#!/usr/bin/env node', 'javascript', 'eval(process.argv[2]);'],
    ['bin/serve', '#!/usr/local/bin/node --max-old-space-size=4096', 'javascript', 'eval(process.argv[2]);'],
    ['scripts/run', '#!/usr/bin/python3', 'python', 'import sys\neval(sys.argv[1])'],
    ['scripts/job', '#!/opt/python/bin/python3.12 -u', 'python', 'import sys\neval(sys.argv[1])'],
    ['scripts/fast', '#!/usr/bin/env pypy3', 'python', 'import sys\neval(sys.argv[1])'],
    ['scripts/uv-job', '#!/usr/bin/env -S uv run --script', 'python', 'import sys\neval(sys.argv[1])'],
    ['bin/deno-tool', '#!/usr/bin/env -S deno run --allow-read', 'typescript', 'eval(Deno.args[0]);'],
    ['bin/bun-tool', '#!/usr/bin/env bun', 'typescript', 'eval(Bun.argv[2]);'],
    ['bin/ts-tool', '#!/usr/bin/env ts-node', 'typescript', 'eval(process.argv[2]);'],
    ['bin/tsx-tool', '#!/usr/bin/env -S npx tsx', 'typescript', 'eval(process.argv[2]);'],
  ];
  const contentOf = (shebang: string, body: string) => `${shebang}\n${body}\n`;
  // One pull request holds every script (each content is its own, by its #! line): one run, asked about file by file.
  let shared: ReturnType<typeof runOn> | undefined;
  const scriptsRun = () => (shared ??= runOn(SCRIPTS.map(([path, shebang, , body]) => added(path, contentOf(shebang, body)))));

  it('reviews every script and fails the check on their eval()', async () => {
    const run = await scriptsRun();

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': String(SCRIPTS.length), 'files-skipped': '0' });
    expect(Number(run.outputs.errors)).toBeGreaterThanOrEqual(SCRIPTS.length);
  });

  it.each(SCRIPTS)('%s (%s) is sent as %s and its eval() is commented on', async (path, shebang, language, body) => {
    const run = await scriptsRun();

    const content = contentOf(shebang, body);
    expect(reviewBodies(run.simulator).filter((b) => b.code === content)).toEqual([expect.objectContaining({ code: content, language })]);
    expect(run.github.reviewComments.map((c) => c.path)).toContain(path);
  });

  it('sends a rust-script file as Rust and a gorun file as Go', async () => {
    const rust = '#!/usr/bin/env rust-script\nfn main() {}\n';
    const go = '#!/usr/bin/env gorun\npackage main\n\nfunc main() {}\n';
    const run = await runOn([added('bin/rs-tool', rust), added('bin/go-tool', go)]);

    expect(reviewBodies(run.simulator)).toEqual([
      expect.objectContaining({ code: rust, language: 'rust' }),
      expect.objectContaining({ code: go, language: 'go' }),
    ]);
    expect(run.outputs).toMatchObject({ 'files-reviewed': '2', 'files-skipped': '0' });
  });

  it('skips an extensionless file that is no such script, saying why, and one that is binary as binary', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64, 0)]);
    const run = await runOn([
      added('LICENSE', 'MIT License\n\nCopyright (c) the authors\n'),
      added('bin/deploy', '#!/bin/sh\neval "$1"\n'),
      { filename: 'bin/server', status: 'added', contentBase64: elf.toString('base64') },
      added('src/ok.py', CLEAN_PY),
    ]);

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1', 'files-skipped': '3', 'files-failed': '0' });
    expect(run.stdout).toContain('– LICENSE: skipped, language not supported by the review service (no extension, and no #! line)');
    expect(run.stdout).toContain('– bin/deploy: skipped, language not supported by the review service (no extension, and its #! line names /bin/sh)');
    expect(run.stdout).toContain('– bin/server: skipped, binary file (ELF executable)');
    expect(reviewBodies(run.simulator)).toHaveLength(1);
  });

  it('in the terminal too: an untracked bin/tool with a node #! line and eval() fails the gate', async () => {
    const { result, simulator } = await reviewInTerminal({ 'bin/tool': '#!/usr/bin/env node\neval(process.argv[2]);\n' });

    expect(reviewBodies(simulator)).toEqual([expect.objectContaining({ language: 'javascript' })]);
    expect(result.code).toBe(EXIT.failed);
  });

  it('does not review a script under a default exclude, naming the pattern', async () => {
    const run = await runOn([added('vendor/bin/tool', '#!/usr/bin/env node\neval(process.argv[2]);\n'), added('vendor/LICENSE', 'MIT\n')]);

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '0', 'files-failed': '1', 'files-skipped': '1' });
    expect(run.stdout).toContain("✗ vendor/bin/tool: not reviewed: matched by default exclude '**/vendor/**'");
    expect(reviewBodies(run.simulator)).toEqual([]);
  });
});

describe('C: the file list ends only where GitHub ends it', () => {
  const clean = Array.from({ length: 29 }, (_, i) => added(`pkg/m${String(i).padStart(2, '0')}.py`, CLEAN_PY));
  const files = [...clean, added('pkg/z_run.py', EVAL_PY)];
  const fileList = (pages: (items: unknown[]) => unknown[][]): Partial<FakeGitHubOptions> => ({
    listPages: ({ path, items }) => (path.endsWith('/files') ? pages(items) : undefined),
  });

  it('reads the page GitHub links after a short one, and fails the check for the eval() there', async () => {
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 28), items.slice(28)]) });

    expect(run.github.requests.filter((r) => r.path.endsWith('/files')).map((r) => r.query.page)).toEqual(['1', '2']);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '30' });
    expect(run.github.reviewComments.map((c) => c.path)).toContain('pkg/z_run.py');
  });

  it('fails closed, reviewing nothing, when GitHub lists fewer files than the pull request changes', async () => {
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 29)]) });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('failed');
    expect(run.outputs.reasons).toContain("GitHub's list of the files of acme/shop#42 has 29 files, but the pull request changes 30 (changed_files)");
    expect(reviewBodies(run.simulator)).toEqual([]);
    expect(run.github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });
});

describe('D: a line break git does not count makes the lines from there on unplaceable', () => {
  it('counts a finding a splitlines service numbers past a lone CR, although its line number is an unchanged line in git', async () => {
    // Only line 2 changes; the service counts its CRs, so the eval() on it is "line 4" to the service.
    const head = ['import sys', 'x = 1\ry = 2\rz = eval(sys.argv[1])', 'def a():', '    return 1', 'def b():', '    return 2'];
    const patch = ['@@ -1,6 +1,6 @@', ' import sys', '-x = 1', `+${head[1]}`, ' def a():', '     return 1', ' def b():', '     return 2'].join('\n');
    const service = await startScriptedService(({ code }) => {
      const lines = String(code).split(SPLITLINES);
      return reviewAnswer(lines.flatMap((l, i) => (/eval\(/.test(l) ? [{ severity: 'error', line: i + 1, message: 'eval() runs arbitrary code' }] : [])));
    });
    closeAfterTest(service);
    const run = await runOn([{ filename: 'app/m.py', status: 'modified', content: `${head.join('\n')}\n`, patch, additions: 1, deletions: 1 }], {
      inputs: { 'api-url': service.url },
    });

    expect(service.bodies).toHaveLength(1);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(run.outputs.reasons).toContain('app/m.py');
    expect(run.outputs.reasons).toContain('a lone carriage return (CR) on line 2');
  });

  it.each([
    ['JavaScript, a comment ended by U+2028', 'web/a.js', 'export const x = 1; // review-gate-ignore: fine\u2028eval(globalThis.input);'],
    ['TypeScript, a comment ended by U+2029', 'web/a.ts', 'export const x: number = 1; // review-gate-ignore: fine\u2029eval(String(x));'],
    ['Python, a comment ended by a lone CR', 'app/a.py', 'x = 1  # review-gate-ignore: fine\reval(input())'],
  ])('%s: the marker does not excuse the eval() after the break', async (_case, path, line) => {
    const run = await runOn([added(path, `${line}\n`)]);

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(run.outputs.reasons).toContain(path);
  });
});

describe('E: a type change (file ↔ symlink) in the checkout', () => {
  let repo: TempRepo;
  let fixture: PullRequestFixture;
  const evalPy = 'import sys\neval(sys.argv[1])\n';

  beforeAll(() => {
    // Base: src/conf.py a file, src/link.py a link. The pull request turns each into the other kind.
    repo = tempRepo('review-gate-typechange-');
    repo.write('src/helpers.py', 'def helper():\n    return 1\n');
    repo.write('src/conf.py', 'DEBUG = False\n');
    symlinkSync('helpers.py', join(repo.dir, 'src/link.py'));
    const base = repo.commit('base');
    repo.git('checkout', '-q', '-b', 'feature');
    unlinkSync(join(repo.dir, 'src/conf.py'));
    symlinkSync('/etc/hostname', join(repo.dir, 'src/conf.py'));
    unlinkSync(join(repo.dir, 'src/link.py'));
    repo.write('src/link.py', evalPy);
    const head = repo.commit('feature');
    repo.git('checkout', '-q', 'main');
    fixture = {
      ...demo,
      headSha: head,
      baseSha: base,
      files: [
        { filename: 'src/conf.py', status: 'changed', content: '/etc/hostname', patch: '@@ -1 +1 @@\n-DEBUG = False\n+/etc/hostname\n\\ No newline at end of file', additions: 1, deletions: 1 },
        { ...added('src/link.py', evalPy), status: 'changed' },
      ],
    };
  });
  afterAll(() => repo.remove());

  it('reads the pull request from the checkout, not the API, and finds the eval() of the file that was a link', async () => {
    const { simulator, github } = await servers({ fixture });
    const result = await runAgainst(simulator, github, fixture, {}, { env: { GITHUB_WORKSPACE: repo.dir } });

    expect(result.stdout).not.toContain('git could not diff');
    expect(result.stdout).toMatch(/Changed files, patches and contents: from the checkout \(git diff [0-9a-f]{12}\.\.\.[0-9a-f]{12}\), none through the GitHub API\./);
    expect(github.requests.filter((r) => r.path.endsWith('/files'))).toEqual([]);
    expect(result.exitCode).toBe(1);
    // The file that became a link to /etc/hostname is judged by its target, outside the repository: not reviewed.
    expect(result.outputs).toMatchObject({ 'files-reviewed': '1', 'files-failed': '1' });
    expect(github.reviewComments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/link.py:2']);
  });
});

describe('F: an api-url answering JSON that is not a review', () => {
  const catchAll = async () => {
    const service = await startScriptedService(() => ({ status: 'ok', data: [] }));
    closeAfterTest(service);
    return service;
  };

  it('makes the terminal exit 3 ("could not run"), naming api-url and the status', async () => {
    assertBuilt();
    const service = await catchAll();
    const repo = tempRepo();
    try {
      for (let i = 0; i < 5; i++) repo.write(`m${i}.py`, 'x = 1\n');
      repo.commit('base');
      for (let i = 0; i < 5; i++) repo.write(`m${i}.py`, `def f${i}(rule):\n    return eval(rule)\n`);
      const result = await runCliBundle([], { cwd: repo.dir, env: serviceEnv(service.url) });

      expect(result.code).toBe(EXIT.couldNotRun);
      const last = result.out.trimEnd().split('\n').at(-1) ?? '';
      expect(last).toMatch(/^review-gate could not run: /);
      expect(last).toContain(`api-url ${service.url}`);
      expect(last).toContain('200');
      expect(result.out).not.toContain('review-gate failed');
    } finally {
      repo.remove();
    }
  });

  it('fails the action with the api-url message even with on-incomplete: pass', async () => {
    const service = await catchAll();
    const files = Array.from({ length: 6 }, (_, i) => added(`src/m${i}.py`, `V${i} = ${i}\n`));
    const run = await runOn(files, { inputs: { 'api-url': service.url, 'on-incomplete': 'pass' } });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '0', 'files-failed': '6' });
    expect(run.outputs.reasons).toContain(`api-url ${service.url}`);
    expect(run.outputs.reasons).not.toContain('on-incomplete');
    expect(run.github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });

  it('keeps one malformed answer among reviews that file\'s own failure', async () => {
    const files = Array.from({ length: 6 }, (_, i) => added(`src/m${i}.py`, `V${i} = ${i}\n`));
    const fixture: PullRequestFixture = { ...demo, files };
    const { simulator, github } = await servers({ fixture });
    simulator.inject({ kind: 'wrong_shape', path: '/v1/agent/review', bodyContains: 'V5 = 5' });
    const run = await runAgainst(simulator, github, fixture, { concurrency: '1' });

    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '5', 'files-failed': '1' });
    expect(run.outputs.reasons).not.toContain('api-url');
    expect(run.stdout).toMatch(/✗ src\/m5\.py: Invalid review answer/);
  });
});
