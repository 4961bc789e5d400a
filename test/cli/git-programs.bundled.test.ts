/**
 * End to end, the bundled `review-gate`: no git configuration runs a program. The repository's
 * own configuration (and a file it includes) points every key that makes git run something at a
 * script that leaves a marker: fsmonitor, hooks, pagers, external diffs and diff drivers,
 * textconv, clean/smudge/process filters (named at run time, one only in an included file),
 * askpass, credential helpers, ssh, gpg, and the transport a partial clone fetches through. After
 * a review no marker exists, and the review still judges the code that is in the working tree: a
 * file whose committed blob a clean filter made (an LFS-like pointer) has every line counted
 * rather than the pointer's patch.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { runCliBundle, serviceEnv, useBundledCli } from './bundled';

const cli = useBundledCli();

let scratch: string;
let markers: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'review-gate-programs-'));
  markers = join(scratch, 'markers');
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** A script that notes its name and arguments in the markers file; as a filter, it passes its input through. */
function markerScript(name: string, body = 'cat'): string {
  const path = join(scratch, 'bin', name);
  mkdirSync(join(scratch, 'bin'), { recursive: true });
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "${name} $*" >> '${markers}'\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const ran = (): string[] => (existsSync(markers) ? readFileSync(markers, 'utf8').split('\n').filter((line) => line !== '') : []);

const HOOKS = [
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg', 'commit-msg',
  'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update', 'proc-receive', 'post-receive',
  'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc', 'post-rewrite', 'sendemail-validate',
  'fsmonitor-watchman', 'post-index-change',
];

interface Finding {
  source: string;
  path: string;
  line: number;
  severity: string;
  countsTowardGate: boolean;
}

describe('the repository\'s configuration runs no program', () => {
  it('sets every key that runs a program, and an include: no marker, and the code in the working tree is what is judged', async () => {
    const { repo } = cli;
    repo.write('app.py', 'def add(a, b):\n    return a + b\n');
    repo.write('inc_mod.py', 'def sub(a, b):\n    return a - b\n');
    repo.write('web/app.js', 'export const one = 1;\n');
    repo.commit('base');
    repo.git('checkout', '-q', '-b', 'feature');

    // An LFS-like clean filter: what git stores is a pointer, the working tree keeps the code.
    const pointer = 'printf "version https://git-lfs.github.com/spec/v1\\noid sha256:%s\\nsize 42\\n" 0000';
    repo.git('config', 'filter.code.clean', `${markerScript('clean', `cat >/dev/null; ${pointer}`)} %f`);
    repo.git('config', 'filter.code.smudge', `${markerScript('smudge')} %f`);
    repo.git('config', 'filter.code.required', 'true');
    writeFileSync(join(repo.dir, '.git/info/attributes'), '*.py filter=code diff=code\ninc_*.py filter=inc\n*.js filter=proc diff=code\n');
    repo.write('stored_as_pointer.py', '"""Stored as a pointer."""\n\n\nx = 1\n\n\ndef run(rule):\n    return eval(rule)\n');
    // Older than the index, so git trusts its stat data and diffs the stored pointer, not the file.
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(repo.dir, 'stored_as_pointer.py'), past, past);
    repo.commit('a file stored through the clean filter');
    expect(execFileSync('git', ['show', 'HEAD:stored_as_pointer.py'], { cwd: repo.dir, encoding: 'utf8' })).toMatch(/^version https:\/\/git-lfs/);

    const included = join(scratch, 'included.gitconfig');
    writeFileSync(included, `[filter "inc"]\n\tclean = ${markerScript('include-clean')}\n\trequired = true\n[core]\n\tfsmonitor = ${markerScript('include-fsmonitor', 'true')}\n`);
    const hooks = join(scratch, 'hooks');
    mkdirSync(hooks);
    for (const hook of HOOKS) {
      writeFileSync(join(hooks, hook), `#!/bin/sh\nprintf '%s\\n' "hook ${hook}" >> '${markers}'\n`);
      chmodSync(join(hooks, hook), 0o755);
    }
    const settings: Array<[string, string]> = [
      ['core.fsmonitor', markerScript('fsmonitor', 'true')],
      ['core.hooksPath', hooks],
      ['core.pager', markerScript('pager')],
      ['pager.diff', markerScript('pager-diff')],
      ['diff.external', markerScript('external-diff', 'true')],
      ['diff.code.command', markerScript('diff-driver', 'true')],
      ['diff.code.textconv', markerScript('textconv')],
      ['filter.proc.process', markerScript('process-filter', 'true')],
      ['filter.proc.required', 'true'],
      ['core.askPass', markerScript('askpass')],
      ['credential.helper', markerScript('credential')],
      ['core.sshCommand', markerScript('ssh')],
      ['core.alternateRefsCommand', markerScript('alternate-refs')],
      ['gpg.program', markerScript('gpg')],
      ['log.showSignature', 'true'],
      ['include.path', included],
    ];
    for (const [key, value] of settings) repo.git('config', key, value);
    rmSync(markers, { force: true });

    // Changes in the working tree, each read by git through one of the filters.
    repo.write('app.py', 'def add(a, b):\n    return a + b\n\n\ndef run(rule):\n    return eval(rule)\n');
    repo.write('inc_mod.py', 'def sub(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n');
    repo.write('web/app.js', 'export const one = 1;\nexport const two = 2;\n');

    const run = await cli.reviewGate(['--base', 'main', '--format', 'json']);
    expect(ran()).toEqual([]);
    expect(run.code).toBe(EXIT.failed);
    const report = JSON.parse(run.out) as { findings: Finding[]; files: Array<{ path: string; status: string }> };
    expect(report.files.filter((f) => f.status === 'reviewed').map((f) => f.path).sort()).toEqual(['app.py', 'inc_mod.py', 'stored_as_pointer.py', 'web/app.js']);
    const evals = report.findings.filter((f) => f.source === 'issue' && f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.countsTowardGate}`);
    // app.py's added line is placed on the working tree's text; the pointer's patch would leave line 8 outside it.
    expect(evals.sort()).toEqual(['app.py:6 true', 'stored_as_pointer.py:8 true']);
  });

  it('a partial clone is never fetched from: the transport its remote names does not run, and the missing base still fails closed', async () => {
    const server = join(scratch, 'server');
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'pipe', encoding: 'utf8' });
    mkdirSync(server);
    git(server, 'init', '-q', '-b', 'main');
    git(server, 'config', 'uploadpack.allowFilter', 'true');
    git(server, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
    writeFileSync(join(server, 'rules.py'), 'def add(a, b):\n    return a + b\n');
    writeFileSync(join(server, 'README.md'), '# old\n');
    git(server, 'add', '-A');
    git(server, 'commit', '-q', '-m', 'base');
    writeFileSync(join(server, 'rules.py'), 'def add(a, b):\n    return a + b\n\n\ndef run(rule):\n    return eval(rule)\n');
    writeFileSync(join(server, 'README.md'), '# rules\n');
    git(server, 'add', '-A');
    git(server, 'commit', '-q', '-m', 'eval');
    const clone = join(scratch, 'clone');
    git(scratch, 'clone', '-q', '--filter=blob:none', `file://${server}`, clone);
    git(clone, 'config', 'remote.origin.uploadpack', markerScript('upload-pack', 'exec git-upload-pack "$@"'));
    git(clone, 'config', 'protocol.file.allow', 'always');
    rmSync(markers, { force: true });

    const run = await runCliBundle(['--base', 'HEAD~1', '--format', 'json'], { cwd: clone, env: serviceEnv(cli.simulator.url) });
    expect(ran()).toEqual([]);
    expect(run.code).toBe(EXIT.failed);
    const report = JSON.parse(run.out) as { findings: Finding[] };
    expect(report.findings.filter((f) => f.source === 'issue' && f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.countsTowardGate}`)).toEqual(['rules.py:6 true']);
  });
});
