/**
 * Every git call of the local source runs no program the configuration names, on real temporary
 * repositories whose configuration points at scripts that leave a marker.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitSource } from '../../../src/collect/git/local-source';
import { gitRunner, noProgramEnv } from '../../../src/collect/git/run';
import { filterDriverOverrides } from '../../../src/collect/git/no-programs';
import type { PullRequestRef } from '../../../src/domain/pull-request';
import { tempRepo } from '../../cli/bundled';
import type { TempRepo } from '../../cli/bundled';

const pr: PullRequestRef = { owner: 'local', repo: 'working-tree', number: 0, headSha: 'HEAD' };
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

function setUp(): { r: TempRepo; marker: (name: string, body?: string) => string; ran: () => string[] } {
  const r = tempRepo('review-gate-run-');
  const scratch = mkdtempSync(join(tmpdir(), 'review-gate-markers-'));
  cleanup.push(() => r.remove(), () => rmSync(scratch, { recursive: true, force: true }));
  const markers = join(scratch, 'markers');
  const marker = (name: string, body = 'cat') => {
    const path = join(scratch, name);
    writeFileSync(path, `#!/bin/sh\necho "${name}" >> '${markers}'\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const ran = () => (existsSync(markers) ? readFileSync(markers, 'utf8').split('\n').filter((l) => l !== '') : []);
  return { r, marker, ran };
}

describe('filter drivers named only by the configuration', () => {
  it('turns off each one, whatever its name holds (dots, an equals sign, which -c cannot name)', async () => {
    const { r, marker, ran } = setUp();
    r.write('a.py', 'x = 1\n');
    r.write('b.py', 'y = 1\n');
    r.commit('base');
    const drivers = ['dotted.name', 'a=b'];
    writeFileSync(join(r.dir, '.git/info/attributes'), 'a.py filter=dotted.name\nb.py filter=a=b\n');
    for (const driver of drivers) {
      r.git('config', `filter.${driver}.clean`, marker(`clean-${driver.replace(/[=.]/g, '-')}`, 'echo filtered'));
      r.git('config', `filter.${driver}.required`, 'true');
    }
    r.write('a.py', 'x = 2\n');
    r.write('b.py', 'y = 2\n');
    const patch = await gitRunner(r.dir, process.env).text(['diff', 'HEAD']);
    expect(ran()).toEqual([]);
    expect(patch).toContain('+x = 2');
    expect(patch).toContain('+y = 2');
    expect(patch).not.toContain('filtered');
  });

  it('lists nothing to turn off when no driver is configured, and every program of each one that is', async () => {
    const none = await filterDriverOverrides(() => Promise.resolve('core.bare\0user.name\0'));
    expect(none).toEqual([]);
    const some = await filterDriverOverrides(() => Promise.resolve('filter.lfs.clean\0filter.lfs.smudge\0filter.Odd.Name.PROCESS\0filter.x.required\0'));
    expect(some).toEqual([
      ...['-c', 'filter.lfs.clean=', '-c', 'filter.lfs.smudge=', '-c', 'filter.lfs.process=', '-c', 'filter.lfs.required=false'],
      ...['-c', 'filter.Odd.Name.clean=', '-c', 'filter.Odd.Name.smudge=', '-c', 'filter.Odd.Name.process=', '-c', 'filter.Odd.Name.required=false'],
    ]);
  });
});

describe('the runner', () => {
  it('adds --no-ext-diff and --no-textconv to a diff that forgot them, and no fsmonitor or pager runs', async () => {
    const { r, marker, ran } = setUp();
    r.write('a.py', 'x = 1\n');
    r.commit('base');
    writeFileSync(join(r.dir, '.git/info/attributes'), '*.py diff=drv\n');
    r.git('config', 'diff.external', marker('external', 'true'));
    r.git('config', 'diff.drv.textconv', marker('textconv'));
    r.git('config', 'core.fsmonitor', marker('fsmonitor', 'true'));
    r.git('config', 'core.pager', marker('pager'));
    r.write('a.py', 'x = 2\n');
    const patch = await gitRunner(r.dir, { ...process.env, GIT_EXTERNAL_DIFF: marker('env-external', 'true') }).text(['diff', 'HEAD']);
    expect(ran()).toEqual([]);
    expect(patch).toContain('+x = 2');
  });

  it('gives git an environment without the variables that name programs, and with no transport', () => {
    const env = noProgramEnv({ PATH: '/bin', HOME: '/home/u', GIT_SSH_COMMAND: 'evil', GIT_ASKPASS: 'evil', GIT_EXTERNAL_DIFF: 'evil', GIT_PAGER: 'evil' });
    expect(env).toMatchObject({ PATH: '/bin', HOME: '/home/u', GIT_NO_LAZY_FETCH: '1', GIT_TERMINAL_PROMPT: '0' });
    expect(env.GIT_ALLOW_PROTOCOL).toMatch(/^[a-z-]+$/);
    for (const name of ['GIT_SSH_COMMAND', 'GIT_ASKPASS', 'GIT_EXTERNAL_DIFF', 'GIT_PAGER']) expect(env[name]).toBeUndefined();
  });
});

describe('a working-tree file whose committed blob a clean filter made', () => {
  it('has no patch when the file does not hash to that blob, and keeps its patch when only line endings differ', async () => {
    const { r } = setUp();
    r.write('app.py', 'x = 1\n');
    r.write('crlf.py', 'a = 1\n');
    r.commit('base');
    r.git('checkout', '-q', '-b', 'feature');
    // The clean filter stores a pointer, as Git LFS does; it is then unset, as a user without LFS has it.
    writeFileSync(join(r.dir, '.git/info/attributes'), 'pointer.py filter=ptr\ncrlf.py text eol=crlf\n');
    r.git('config', 'filter.ptr.clean', 'printf "version https://git-lfs.github.com/spec/v1\\noid sha256:0\\nsize 9\\n"; cat >/dev/null');
    r.write('pointer.py', 'import os\n\n\ndef run(rule):\n    return eval(rule)\n');
    r.write('crlf.py', 'a = 1\r\nb = 2\r\n');
    // Older than the index git writes next, so git trusts its stat data and diffs the stored blob
    // (a file as new as the index is re-read, filters off, and gets the working tree's patch).
    const past = new Date(Date.now() - 60_000);
    for (const path of ['pointer.py', 'crlf.py']) utimesSync(join(r.dir, path), past, past);
    r.commit('add');
    expect(r.git('show', 'HEAD:pointer.py')).toMatch(/^version /);
    const { files } = await createGitSource({ env: process.env, cwd: r.dir, base: 'main' }).listChangedFiles(pr);
    const pointer = files.find((f) => f.path === 'pointer.py');
    expect(pointer).toMatchObject({ status: 'added', additions: 0, deletions: 0 });
    expect(pointer?.patch).toBeUndefined();
    expect(files.find((f) => f.path === 'crlf.py')?.patch).toBe('@@ -1 +1,2 @@\n a = 1\n+b = 2');
  });
});
