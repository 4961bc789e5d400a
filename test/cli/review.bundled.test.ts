/**
 * End to end: the bundled `review-gate` (dist/cli/index.js), where its own process is the point:
 * text into a pipe (no colour) and into a terminal (colour), the walkthrough (a chunk the bundle
 * loads on first use) streamed to its stdout, and the package's bin naming this build, which it
 * finds from where it is installed. The help runs in-process, and the rest of the command's review
 * too: review.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCliBundle, serviceEnv, useBundledCli } from './bundled';
import { failingChange } from './cases';
import { runCliInProcess } from './in-process';
import { BUNDLE_NODE_FLAGS } from '../doubles/node-flags';
import { ROOT } from '../doubles/run-action';

const cli = useBundledCli();
const { reviewGate } = cli;

describe('output formats', () => {
  it('text: counts first, findings grouped per file with the suggestion beneath, the verdict last; progress on stderr', async () => {
    failingChange(cli.repo);
    const run = await reviewGate([]);
    expect(run.code).toBe(1);
    const lines = run.out.trimEnd().split('\n');
    expect(lines[0]).toBe('2 changed files: 1 reviewed, 1 skipped');
    expect(run.out).toMatch(/\nsrc\/app\.py \(score \d+\)\nsrc\/app\.py:6 {2}error {2}eval\(\) runs arbitrary code[^\n]*\n {2} {2}↳ \S/);
    expect(lines.at(-1)).toBe('review-gate failed: 1 error finding on added lines (fail-on-severity: error).');
    expect(run.err).toMatch(/^review-gate: reviewing the working tree against HEAD \([0-9a-f]{8}\)$/m);
    expect(run.err).toContain('2 changed files: 1 to read and review, 1 skipped by language or filters');
    expect(run.err).toMatch(/^\[1\/1\] ✓ src\/app\.py: score \d+, 1 error, 0 warnings, 0 infos, 1 security flag$/m);
    expect(run.out).not.toContain('[1/1]');
    // Piped, not a terminal: no colour, and nothing about posting to a pull request.
    expect(run.out + run.err).not.toContain('\u001b[');
    expect(run.out + run.err).not.toMatch(/dry run/i);
  });

  it('text: colour on a terminal, none there with NO_COLOR', async () => {
    failingChange(cli.repo);
    // `script` gives the command a pseudo-terminal, as an interactive shell does.
    const inTerminal = (env: Record<string, string>) =>
      runCliBundle(['-qec', `"${process.execPath}" ${BUNDLE_NODE_FLAGS.join(' ')} "${CLI}" -q`, '/dev/null'], {
        cwd: cli.repo.dir,
        env: { ...serviceEnv(cli.simulator.url), TERM: 'xterm', ...env },
        command: 'script',
      });
    const coloured = await inTerminal({});
    expect(coloured.out).toContain('\u001b[31merror\u001b[39m');
    const plain = await inTerminal({ NO_COLOR: '1' });
    expect(plain.out).toMatch(/app\.py:6 {2}error {2}eval/);
    expect(plain.out).not.toContain('\u001b[');
  });

  it('--walkthrough streams a walkthrough under the counts, from one completion request', async () => {
    failingChange(cli.repo);
    const run = await reviewGate(['--walkthrough']);
    expect(run.out).toMatch(/^2 changed files: 1 reviewed, 1 skipped\n\nWalkthrough\nThis is simulated completion [0-9a-f]{8} for a prompt of \d+ characters\. The same request always gives the same text\.\n/);
    expect(cli.simulator.requests.filter((r) => r.path === '/v1/complete').map((r) => r.status)).toEqual([200]);
    expect(run.code).toBe(1);
  });
});

/** `review-gate --version` for this clone's build: the version, and unless HEAD is that release's tag, the commit it is. */
function thisBuildsVersion(): RegExp {
  const pkgVersion = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const head = git('rev-parse', 'HEAD');
  const tagged = git('tag', '--points-at', 'HEAD', '--list', `v${pkgVersion}`) !== '';
  const v = pkgVersion.replace(/\./g, '\\.');
  return new RegExp(tagged ? `^review-gate ${v}( \\(commit [0-9a-f]{12}, with local changes\\))?\n$` : `^review-gate ${v} \\(untagged commit ${head.slice(0, 12)}(, with local changes)?\\)\n$`);
}

describe('help and version', () => {
  it('prints the version, and a help per subcommand', async () => {
    // In this process, from the package folder: the bundle finding its own is the bin's test, below.
    const here = { cwd: cli.repo.dir };
    const version = await runCliInProcess(['--version'], here);
    expect(version.out).toMatch(thisBuildsVersion());
    const review = await runCliInProcess(['review', '--help'], here);
    expect(review.out).toContain('Usage: review-gate [review] [options] [RANGE]');
    expect(review.out).toContain('--staged');
    const complete = await runCliInProcess(['complete', '--help'], here);
    expect(complete.out).toContain('Usage: review-gate complete [options] PROMPT|-');
    expect(complete.out).not.toContain('--staged');
    for (const run of [version, review, complete]) expect(run.code).toBe(0);
  });

  it('runs as the package\'s bin from any folder, through the symlink npm installs, and names this build', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(join(ROOT, pkg.bin['review-gate'] ?? '')).toBe(CLI);
    const bin = mkdtempSync(join(tmpdir(), 'review-gate-bin-'));
    try {
      symlinkSync(CLI, join(bin, 'review-gate'));
      // Executed by its shebang, as a shell runs it, from a folder that is not the package's.
      const out = execFileSync('review-gate', ['--version'], { cwd: cli.repo.dir, env: { PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8' });
      // The build it names is read from the package folder it finds through the symlink.
      expect(out).toMatch(thisBuildsVersion());
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
