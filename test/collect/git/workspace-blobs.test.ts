import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangedFile, PullRequestRef, PullRequestSource } from '../../../src/domain/pull-request';
import { gitBlobReader, withWorkspaceBlobs } from '../../../src/collect/git/workspace-blobs';
import { gitCallLog } from '../../support/git-call-log';

const pr: PullRequestRef = { owner: 'o', repo: 'r', number: 1, headSha: 'h' };
let repo: string;
const store = (content: string | Buffer) =>
  execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, input: content }).toString().trim();

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'review-gate-blobs-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function apiSource(): PullRequestSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    listChangedFiles: () => Promise.resolve({ files: [], truncated: false }),
    readFile: (_pr, file) => {
      reads.push(file.path);
      return Promise.resolve(Buffer.from(`from api: ${file.path}`));
    },
  };
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');
const file = (path: string, blobSha?: string): ChangedFile => ({ path, status: 'modified', additions: 1, deletions: 0, ...(blobSha ? { blobSha } : {}) });

describe('withWorkspaceBlobs', () => {
  it('reads a blob the checkout has from git, and the rest through the API', async () => {
    const sha = store('print("local")\n');
    const api = apiSource();
    const source = withWorkspaceBlobs(api, gitBlobReader(repo));
    expect(text(await source.readFile(pr, file('a.py', sha)))).toBe('print("local")\n');
    expect(text(await source.readFile(pr, file('b.py', 'f'.repeat(40))))).toBe('from api: b.py');
    expect(api.reads).toEqual(['b.py']);
    expect(source.stats).toEqual({ fromWorkspace: 1, fromApi: 1 });
  });

  it('falls back to the API when an object in the checkout does not hash to its name', async () => {
    const sha = store('original\n');
    const objectPath = join(repo, '.git/objects', sha.slice(0, 2), sha.slice(2));
    // Replace the loose object with another file's object under the same name.
    const other = store('tampered\n');
    const otherPath = join(repo, '.git/objects', other.slice(0, 2), other.slice(2));
    chmodSync(objectPath, 0o644);
    copyFileSync(otherPath, objectPath);
    const api = apiSource();
    const source = withWorkspaceBlobs(api, gitBlobReader(repo));
    expect(text(await source.readFile(pr, file('a.py', sha)))).toBe('from api: a.py');
    expect(source.stats).toEqual({ fromWorkspace: 0, fromApi: 1 });
  });

  it('reads the files of a run, together or one after another, through one git process at a time', async () => {
    const git = gitCallLog();
    vi.stubEnv('PATH', git.path);
    try {
      const contents = Array.from({ length: 20 }, (_, i) => `print(${i})\n`);
      const shas = contents.map((content) => store(content));
      git.clear();
      const source = withWorkspaceBlobs(apiSource(), gitBlobReader(repo));
      const read = await Promise.all(shas.map((sha, i) => source.readFile(pr, file(`f${i}.py`, sha))));
      expect(read.map(text)).toEqual(contents);
      expect(await source.readFile(pr, file('again.py', shas[0]))).toEqual(Buffer.from(contents[0]!));
      expect(source.stats).toEqual({ fromWorkspace: 21, fromApi: 0 });
      const calls = git.calls();
      // Twenty reads made together share one process; the one after it went idle starts the next.
      expect(calls.map((call) => call.replace(/^.* (?=cat-file )/, ''))).toEqual(['cat-file --batch', 'cat-file --batch']);
    } finally {
      vi.unstubAllEnvs();
      git.remove();
    }
  });

  it('hands over the bytes of a blob in the checkout as they are, whatever they encode', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x00, 0x01, 0xe9]);
    const source = withWorkspaceBlobs(apiSource(), gitBlobReader(repo));
    expect(Buffer.from(await source.readFile(pr, file('x.py', store(bytes))))).toEqual(bytes);
  });

  it('never hands git anything but a hex object name', async () => {
    const asked: string[] = [];
    const source = withWorkspaceBlobs(apiSource(), (sha) => {
      asked.push(sha);
      return Promise.resolve(undefined);
    });
    await source.readFile(pr, file('a.py', '--output=/tmp/pwned'));
    await source.readFile(pr, file('b.py', 'HEAD:secret'));
    await source.readFile(pr, file('c.py'));
    expect(asked).toEqual([]);
  });
});
