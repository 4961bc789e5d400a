import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isNotReviewableError } from '../../src/collect/errors';
import { createGitSource } from '../../src/collect/git/local-source';
import { createPullRequestSource } from '../../src/collect/api/pull-request-source';
import type { FakeGitHub } from '../doubles/fake-github';
import { HEAD, prRef, startFake } from '../github/helpers';

const BASE = 'b'.repeat(40);
let fake: FakeGitHub | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function githubSource() {
  const started = await startFake([
    {
      number: 7,
      headSha: HEAD,
      baseSha: BASE,
      files: [],
      baseFiles: { 'src/old name.py': 'x = 1  # base\n', 'src/big.py': 'y = 2\n'.repeat(100) },
    },
  ]);
  fake = started.fake;
  return createPullRequestSource(started.octokit);
}

const file = (path: string, previousPath?: string) => ({ path, status: 'renamed' as const, additions: 1, deletions: 0, ...(previousPath === undefined ? {} : { previousPath }) });

describe('reading a file at the base commit', () => {
  it('reads previousPath at the pull request base commit from GitHub, raw, asking for the base once', async () => {
    const source = await githubSource();
    const bytes = await source.readBaseFile(prRef(), file('src/new.py', 'src/old name.py'));
    expect(Buffer.from(bytes).toString('utf8')).toBe('x = 1  # base\n');
    await source.readBaseFile(prRef(), file('src/old name.py'));
    const reads = fake?.requests.filter((r) => r.path.includes('/contents/')) ?? [];
    expect(reads.map((r) => [decodeURIComponent(r.path), r.query.ref, r.headers.accept])).toEqual([
      ['/repos/acme/widgets/contents/src/old name.py', BASE, 'application/vnd.github.raw+json'],
      ['/repos/acme/widgets/contents/src/old name.py', BASE, 'application/vnd.github.raw+json'],
    ]);
    expect(fake?.requests.filter((r) => r.path === '/repos/acme/widgets/pulls/7')).toHaveLength(1);
  });

  it('says a file is not at the base commit, and refuses one over max-file-size unread', async () => {
    const source = await githubSource();
    const missing = await source.readBaseFile(prRef(), file('src/gone.py')).catch((error: unknown) => error);
    expect(isNotReviewableError(missing) && missing.reason).toBe("'src/gone.py' is not at commit bbbbbbbbbbbb");
    const big = await source.readBaseFile(prRef(), file('src/big.py'), { maxBytes: 10 }).catch((error: unknown) => error);
    expect(isNotReviewableError(big) && big.reason).toMatch(/^not reviewed: the file has 600 bytes, more than max-file-size \(10 bytes\)/);
  });

  it('reads previousPath at the base revision from a local repository', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-gate-base-'));
    dirs.push(dir);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
    git('init', '-q');
    const body = Array.from({ length: 20 }, (_, i) => `v${i} = ${i}`).join('\n');
    writeFileSync(join(dir, 'old.py'), `a = 1  # base\n${body}\n`);
    git('add', '.');
    git('commit', '-qm', 'base');
    git('mv', 'old.py', 'new.py');
    writeFileSync(join(dir, 'new.py'), `a = 2  # head\n${body}\n`);
    const source = createGitSource({ env: process.env, cwd: dir, base: 'HEAD' });
    const [changed] = (await source.listChangedFiles(prRef())).files;
    expect(changed).toMatchObject({ path: 'new.py', previousPath: 'old.py', status: 'renamed' });
    const bytes = await source.readBaseFile?.(prRef(), changed!);
    expect(Buffer.from(bytes ?? []).toString('utf8')).toBe(`a = 1  # base\n${body}\n`);
    await expect(source.readBaseFile?.(prRef(), file('nowhere.py'))).rejects.toThrow("'nowhere.py' is not at commit");
  });
});
