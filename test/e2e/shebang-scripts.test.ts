/**
 * End to end (issue 15 round 2b), through the action and the bundled dist/cli/index.js: an
 * extensionless file whose `#!` line names Node, Deno, Bun, Python, … is reviewed as that
 * language.
 */
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { useAction } from './harness';
import { added } from '../support/fixture-files';
import { pullRequestRuns, reviewBodies, CLEAN_PY } from './pull-request-runs';

const harness = useAction({ bundles: ['dist/cli/index.js'] });
const { runOn, reviewInTerminal } = pullRequestRuns(harness);

describe('an extensionless file is reviewed as the language its #! line names', () => {
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
