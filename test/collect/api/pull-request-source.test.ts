import { afterEach, describe, expect, it } from 'vitest';
import { FileNotFoundError, GitHubListError } from '../../../src/github/errors';
import { HeadMovedError } from '../../../src/github/pull-head';
import { isNotReviewableError } from '../../../src/collect/errors';
import type { NotReviewableError } from '../../../src/collect/errors';
import { createPullRequestSource } from '../../../src/collect/api/pull-request-source';
import { gitBlobSha } from '../../doubles/fake-github';
import type { FakeFile, FakeGitHub } from '../../doubles/fake-github';
import { addedFilePatch, HEAD, prRef, startFake } from '../../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function manyFiles(count: number): FakeFile[] {
  return Array.from({ length: count }, (_, i) => ({ filename: `src/f${i}.ts`, status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b', additions: 1, deletions: 1 }));
}

const fileListCalls = (f: FakeGitHub): number => f.requests.filter((r) => r.path.endsWith('/pulls/7/files')).length;

describe('createPullRequestSource', () => {
  it('lists every changed file across pages, keeping patch absent where GitHub left it out', async () => {
    const files = manyFiles(75);
    files[3] = { filename: 'assets/logo.png', status: 'added', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]) };
    files[40] = { filename: 'src/new-name.ts', previous_filename: 'src/old-name.ts', status: 'renamed', patch: addedFilePatch(2), content: 'x\ny\n', additions: 2 };
    files[74] = { filename: 'src/gone.ts', status: 'removed', deletions: 9 };
    const started = await startFake([{ number: 7, headSha: HEAD, files }]);
    fake = started.fake;

    const { files: list, truncated } = await createPullRequestSource(started.octokit, { perPage: 30 }).listChangedFiles(prRef());

    expect(list).toHaveLength(75);
    expect(truncated).toBe(false);
    expect(list.map((f) => f.path)).toEqual(files.map((f) => f.filename));
    expect(fileListCalls(fake)).toBe(3);
    expect(fake.requests.filter((r) => r.path.endsWith('/files')).map((r) => r.query)).toEqual([
      { per_page: '30', page: '1' },
      { per_page: '30', page: '2' },
      { per_page: '30', page: '3' },
    ]);
    expect(list[3]).toEqual({ path: 'assets/logo.png', status: 'added', additions: 0, deletions: 0, blobSha: gitBlobSha(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0])) });
    expect('patch' in list[3]!).toBe(false);
    expect(list[40]).toMatchObject({ path: 'src/new-name.ts', previousPath: 'src/old-name.ts', status: 'renamed', patch: addedFilePatch(2) });
    expect(list[74]).toEqual({ path: 'src/gone.ts', status: 'removed', additions: 0, deletions: 9 });
    expect(list[0]?.patch).toBe('@@ -1 +1 @@\n-a\n+b');
  });

  it('stops after a full last page when GitHub links no next page', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(60) }]);
    fake = started.fake;

    const listing = await createPullRequestSource(started.octokit, { perPage: 30 }).listChangedFiles(prRef());

    expect(listing).toEqual({ files: expect.any(Array), truncated: false });
    expect(listing.files).toHaveLength(60);
    expect(fileListCalls(fake)).toBe(2);
  });

  describe('startListing', () => {
    it('asks for the first page at once, and the list takes that answer instead of asking again', async () => {
      const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(150) }]);
      fake = started.fake;
      const source = createPullRequestSource(started.octokit);

      source.startListing(prRef());
      await expect.poll(() => fileListCalls(started.fake)).toBe(1);
      const { files } = await source.listChangedFiles(prRef());

      expect(files).toHaveLength(150);
      expect(started.fake.requests.filter((r) => r.path.endsWith('/files')).map((r) => r.query.page)).toEqual(['1', '2']);
    });

    it('asks again for a first page that failed ahead, as the list always asks, and reports what that answer says', async () => {
      const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(3) }]);
      fake = started.fake;
      started.fake.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/files' }, { status: 502, body: { message: 'Bad Gateway' } }, 1);
      const source = createPullRequestSource(started.octokit);

      source.startListing(prRef());
      await expect.poll(() => fileListCalls(started.fake)).toBe(1);
      const { files } = await source.listChangedFiles(prRef());

      expect(files).toHaveLength(3);
      expect(fileListCalls(started.fake)).toBe(2);

      started.fake.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/files' }, { status: 404, body: { message: 'Not Found' } }, 2);
      const other = createPullRequestSource(started.octokit);
      other.startListing(prRef());
      await expect(other.listChangedFiles(prRef())).rejects.toThrow(/Listing the files of acme\/widgets#7 \(page 1\)/);
    });

    it('stops a first page asked ahead when the run ends before its list', async () => {
      const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(3) }]);
      fake = started.fake;
      const source = createPullRequestSource(started.octokit);

      source.startListing(prRef());
      await expect.poll(() => fileListCalls(started.fake)).toBe(1);
      source.dropStarted();
      // Dropped: the list asks afresh rather than taking an answer that was stopped.
      const { files } = await source.listChangedFiles(prRef());
      expect(files).toHaveLength(3);
      expect(fileListCalls(started.fake)).toBe(2);
    });
  });

  it('lists 300 files in 3 pages of 100 by default', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(300) }]);
    fake = started.fake;

    const { files } = await createPullRequestSource(started.octokit).listChangedFiles(prRef());

    expect(files).toHaveLength(300);
    expect(fake.requests.filter((r) => r.path.endsWith('/files')).map((r) => r.query)).toEqual([1, 2, 3].map((page) => ({ per_page: '100', page: String(page) })));
  });

  describe('GitHub\'s patch budget per answer', () => {
    /** `count` added Python files of `lines` lines each, patches included. */
    const bigFiles = (count: number, lines: number): FakeFile[] =>
      Array.from({ length: count }, (_, i) => ({ filename: `src/m${i}.py`, status: 'added', patch: addedFilePatch(lines), content: 'x\n'.repeat(lines), additions: lines }));

    it('reads again, 10 a page, the files GitHub cut from a page past its patch budget, and gets every patch', async () => {
      const files = bigFiles(100, 200);
      const started = await startFake([{ number: 7, headSha: HEAD, files }], { patchBudgetLines: 5000 });
      fake = started.fake;

      const { files: list } = await createPullRequestSource(started.octokit).listChangedFiles(prRef());

      expect(list.map((f) => [f.path, f.patch, f.additions])).toEqual(files.map((f) => [f.filename, f.patch, 200]));
      // The first 25 fit the budget (5,000 lines); files 26–100 are read again in pages 3–10 of 10.
      expect(fake.requests.filter((r) => r.path.endsWith('/files')).map((r) => `${r.query.per_page}/${r.query.page}`)).toEqual(['100/1', ...[3, 4, 5, 6, 7, 8, 9, 10].map((p) => `10/${p}`)]);
    });

    it('reads nothing again when the files without a patch come before a budget could be reached, or are no code', async () => {
      const files: FakeFile[] = [
        ...manyFiles(40),
        { filename: 'src/renamed.py', previous_filename: 'src/old.py', status: 'renamed', content: 'same\n' },
        { filename: 'assets/logo.png', status: 'added', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]) },
        ...bigFiles(20, 200),
        { filename: 'assets/late.png', status: 'added', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]) },
      ];
      const started = await startFake([{ number: 7, headSha: HEAD, files }], { patchBudgetLines: 100_000 });
      fake = started.fake;

      await createPullRequestSource(started.octokit).listChangedFiles(prRef());

      expect(fileListCalls(fake)).toBe(1);
    });

    it('keeps a file GitHub still sends without a patch in a page of 10 as diff unknown', async () => {
      const files = bigFiles(30, 2000);
      const started = await startFake([{ number: 7, headSha: HEAD, files }], { patchBudgetLines: 5000 });
      fake = started.fake;

      const { files: list } = await createPullRequestSource(started.octokit).listChangedFiles(prRef());

      // Three patches (6,000 lines) fit in each answer, of 100 or of 10.
      expect(list.map((f) => f.patch !== undefined)).toEqual(Array.from({ length: 30 }, (_, i) => i % 10 < 3));
    });

    it('refuses the list when a file read again comes with another blob: the list changed while it was read', async () => {
      const files = bigFiles(40, 200);
      const started = await startFake([{ number: 7, headSha: HEAD, files }], { patchBudgetLines: 5000 });
      fake = started.fake;
      fake.onNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/files' }, () => undefined);
      fake.onNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/files' }, () => {
        fake?.push(7, HEAD, files.map((f, i) => (i === 30 ? { ...f, content: 'changed\n' } : f)));
      });

      await expect(createPullRequestSource(started.octokit).listChangedFiles(prRef())).rejects.toThrow(
        "GitHub's list of changed files changed while it was read: 'src/m30.py' is listed with another blob or status on a second read; run again once it is stable",
      );
    });
  });

  it('warns and flags truncation when the pull request changes more than GitHub lists (3,000)', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(3050) }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit, { perPage: 100, log: started.log });

    const listing = await source.listChangedFiles(prRef());

    expect(listing.files).toHaveLength(3000);
    expect(listing.truncated).toBe(true);
    expect(listing.totalChangedFiles).toBe(3050);
    expect(fileListCalls(fake)).toBe(30);
    const warnings = started.log.lines.filter((l) => l.level === 'warning').map((l) => l.message);
    expect(warnings).toEqual([expect.stringContaining('50 of 3050 files past the cap were not listed')]);
  });

  it('does not flag a pull request of exactly 3,000 files as truncated', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(3000) }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit, { perPage: 100, log: started.log });

    const listing = await source.listChangedFiles(prRef());

    expect(listing).toMatchObject({ truncated: false, totalChangedFiles: 3000 });
    expect(listing.files).toHaveLength(3000);
    expect(started.log.lines.filter((l) => l.level === 'warning')).toEqual([]);
  });

  it('ties the list to the commit under review: a head that moved while it was listed stops the run, naming both commits', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(45) }]);
    fake = started.fake;
    const pushed = 'b'.repeat(40);
    fake.onNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/files' }, () => fake?.push(7, pushed, manyFiles(3)));

    const listing = createPullRequestSource(started.octokit).listChangedFiles(prRef());

    await expect(listing).rejects.toBeInstanceOf(HeadMovedError);
    await expect(listing).rejects.toThrow(
      "Not reviewed: the pull request's head moved from aaaaaaaaaaaa to bbbbbbbbbbbb while its files were listed, so the list is not the one of aaaaaaaaaaaa; the run on bbbbbbbbbbbb decides",
    );
  });

  it('reads the head once after the last page, and fails closed when GitHub does not answer it', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(3) }]);
    fake = started.fake;
    await createPullRequestSource(started.octokit).listChangedFiles(prRef());
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme/widgets/pulls/7/files', 'GET /repos/acme/widgets/pulls/7']);

    fake.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7' }, { status: 404 }, 5);
    await expect(createPullRequestSource(started.octokit).listChangedFiles(prRef())).rejects.toThrow(/Pull request #7 was not found/);
  });

  it('retries a 502 on the file list and still lists every file', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: manyFiles(10) }]);
    fake = started.fake;
    fake.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/files' }, { status: 502, body: { message: 'Server Error' } });

    const { files } = await createPullRequestSource(started.octokit).listChangedFiles(prRef());

    expect(files).toHaveLength(10);
    expect(fileListCalls(fake)).toBe(2);
  });

  it('reads a file at the head commit as its raw bytes, asking GitHub for the raw media type', async () => {
    const text = 'const greeting = "héllo ✓";\n'.repeat(20);
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'src/a.ts', status: 'added', content: text, patch: addedFilePatch(20) }] }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    expect(Buffer.from(await source.readFile(prRef(), file!)).toString('utf8')).toBe(text);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe(`/repos/acme/widgets/git/blobs/${gitBlobSha(Buffer.from(text))}`);
    expect(request?.headers.accept).toMatch(/vnd\.github(\.v3)?\.raw/);
  });

  it('hands over bytes that are not text as they are: decoding decides what they are', async () => {
    const bytes = Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x00]);
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'data.js', status: 'added', content: bytes }] }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    expect(Buffer.from(await source.readFile(prRef(), file!))).toEqual(bytes);
  });

  it('reads a blob of 8 MB whole (its base64 JSON broke octokit\'s JSON parser on Node 20)', async () => {
    const content = Buffer.alloc(8_000_000, 'a');
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'big.py', status: 'added', content }] }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    const bytes = await source.readFile(prRef(), file!, { maxBytes: 10_000_000 });
    expect(bytes.length).toBe(8_000_000);
  });

  it('refuses a blob over maxBytes by the size GitHub announces, naming the size and the limit', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'big.py', status: 'added', content: 'x'.repeat(100_001) }] }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    const error: unknown = await source.readFile(prRef(), file!, { maxBytes: 100_000 }).catch((e: unknown) => e);
    expect(isNotReviewableError(error)).toBe(true);
    // The exact size can only come from Content-Length: a capped read knows "more than" only.
    expect((error as NotReviewableError).reason).toBe(
      'not reviewed: the file has 100001 bytes, more than max-file-size (100000 bytes); raise max-file-size to review it',
    );
  });

  it('still reads a blob from a server that ignores the raw media type and answers base64 JSON', async () => {
    const text = 'print("fallback")\n';
    const sha = gitBlobSha(Buffer.from(text));
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'a.py', status: 'added', content: text }] }]);
    fake = started.fake;
    fake.failNext({ method: 'GET', path: `/repos/acme/widgets/git/blobs/${sha}` }, {
      status: 200,
      body: { sha, size: text.length, encoding: 'base64', content: Buffer.from(text).toString('base64') },
    });
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    expect(Buffer.from(await source.readFile(prRef(), file!)).toString('utf8')).toBe(text);
  });

  it('refuses content that does not hash to the blob GitHub listed', async () => {
    const text = 'print("listed")\n';
    const sha = gitBlobSha(Buffer.from(text));
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'a.py', status: 'added', content: text }] }]);
    fake = started.fake;
    fake.failNext({ method: 'GET', path: `/repos/acme/widgets/git/blobs/${sha}` }, {
      status: 200,
      body: { sha, encoding: 'base64', content: Buffer.from('print("swapped")\n').toString('base64') },
    });
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    await expect(source.readFile(prRef(), file!)).rejects.toThrow(/'a\.py'.*do not hash to the blob's name/);
  });

  it('names the path when the blob is not found', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'src/vanished.ts', status: 'modified' }] }]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit);
    const [file] = (await source.listChangedFiles(prRef())).files;

    const error: unknown = await source.readFile(prRef(), file!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileNotFoundError);
    expect((error as Error).message).toContain("'src/vanished.ts'");
    await expect(source.readFile(prRef(), { path: 'src/gone.ts', status: 'removed', additions: 0, deletions: 3 })).rejects.toThrow(/'src\/gone.ts' has no content/);
  });

  it('refuses a page size GitHub would not honour', async () => {
    const started = await startFake([]);
    fake = started.fake;
    expect(() => createPullRequestSource(started.octokit, { perPage: 101 })).toThrow('Expected `perPage` to be an integer from 1 to 100, got 101');
  });
});

describe('createPullRequestSource: every file once, or a clear refusal', () => {
  const files = manyFiles(40);
  /** Serves the file list as `pages(entries)` instead of GitHub's usual pages. */
  const fileList = (pages: (items: unknown[]) => unknown[][]) => ({ listPages: ({ path, items }: { path: string; items: unknown[] }) => (path.endsWith('/files') ? pages(items) : undefined) });

  it('lists a file repeated across pages once', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList((items) => [items.slice(0, 30), items.slice(25)]));
    fake = started.fake;

    const { files: list } = await createPullRequestSource(started.octokit).listChangedFiles(prRef());

    expect(list.map((f) => f.path)).toEqual(files.map((f) => f.filename));
  });

  it('reads on past a short page while GitHub links a next one', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList((items) => [items.slice(0, 25), items.slice(25)]));
    fake = started.fake;

    const { files: list } = await createPullRequestSource(started.octokit).listChangedFiles(prRef());

    expect(list.map((f) => f.path)).toEqual(files.map((f) => f.filename));
    expect(fileListCalls(fake)).toBe(2);
  });

  it.each([
    ['one page that ends early', (items: unknown[]) => [items.slice(0, 39)], 39],
    ['a page dropped in the middle', (items: unknown[]) => [items.slice(0, 30), []], 30],
  ])('refuses a list with fewer files than the pull request changes (%s), below the cap', async (_case, pages, listed) => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList(pages));
    fake = started.fake;

    const error: unknown = await createPullRequestSource(started.octokit).listChangedFiles(prRef()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubListError);
    expect((error as Error).message).toBe(
      `GitHub's list of the files of acme/widgets#7 has ${listed} files, but the pull request changes 40 (changed_files): the list is incomplete, so nothing is reviewed from it; run again`,
    );
  });

  it('refuses a null entry, naming the list, the page and the position', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList((items) => [items.slice(0, 30), [items[30], null]]));
    fake = started.fake;

    const error: unknown = await createPullRequestSource(started.octokit).listChangedFiles(prRef()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubListError);
    expect((error as Error).message).toBe("GitHub's list of the files of acme/widgets#7 has a null entry (page 2, position 2)");
  });

  it('refuses an entry whose counts are not numbers', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList((items) => [[{ ...(items[0] as object), additions: '1' }]]));
    fake = started.fake;

    await expect(createPullRequestSource(started.octokit).listChangedFiles(prRef())).rejects.toThrow(
      "GitHub's list of the files of acme/widgets#7 has a malformed entry (page 1, position 1): additions is not a whole number (got \"1\")",
    );
  });

  it('refuses one file listed twice with another status: the list changed while it was read', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList((items) => [items.slice(0, 30), [{ ...(items[0] as object), status: 'removed' }]]));
    fake = started.fake;

    await expect(createPullRequestSource(started.octokit).listChangedFiles(prRef())).rejects.toThrow(
      "GitHub's list of the files of acme/widgets#7 changed while it was read: 'src/f0.ts' is at page 1, position 1 and again at page 2, position 1, with another status",
    );
  });

  it('stops a list whose pages never end after one page past GitHub\'s 3,000 files', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, files }], fileList((items) => Array.from({ length: 500 }, () => items.slice(0, 30))));
    fake = started.fake;

    await expect(createPullRequestSource(started.octokit).listChangedFiles(prRef())).rejects.toThrow(
      "GitHub's list of the files of acme/widgets#7 did not end after 31 pages",
    );
    expect(fileListCalls(fake)).toBe(31);
  });
});

describe('createPullRequestSource: proving a renamed file without a patch unchanged', () => {
  const BASE = 'b'.repeat(40);
  const MERGE_BASE = 'c'.repeat(40);
  const OLD = 'def run():\n    return 1\n';
  /** GitHub's entry for a renamed file it has no patch for: 0 lines, whatever the content. */
  const renamed = (filename: string, previous: string, content: string): FakeFile => ({ filename, previous_filename: previous, status: 'renamed', content });
  const requestsTo = (f: FakeGitHub, pattern: RegExp) => f.requests.filter((r) => pattern.test(r.path));

  async function listed(fakeFiles: FakeFile[], baseFiles: Record<string, string> = { 'old.py': OLD }) {
    const started = await startFake([{ number: 7, headSha: HEAD, baseSha: BASE, mergeBaseSha: MERGE_BASE, files: fakeFiles, baseFiles }]);
    fake = started.fake;
    const { files } = await createPullRequestSource(started.octokit, { log: started.log }).listChangedFiles(prRef());
    return { files, fake: started.fake, warnings: started.log.lines.filter((l) => l.level === 'warning').map((l) => l.message) };
  }

  it('marks a pure rename (the merge base holds the same blob under the old name), asking at the merge base', async () => {
    const run = await listed([renamed('new.py', 'old.py', OLD)]);

    expect(run.files[0]).toMatchObject({ path: 'new.py', previousPath: 'old.py', sameBlobAsBase: true });
    expect(requestsTo(run.fake, /\/compare\//).map((r) => r.path)).toEqual([`/repos/acme/widgets/compare/${BASE}...${HEAD}`]);
    const [query] = requestsTo(run.fake, /^\/graphql$/);
    expect((query?.body as { variables: Record<string, string> }).variables).toMatchObject({ e0: `${MERGE_BASE}:old.py` });
    expect(run.warnings).toEqual([]);
  });

  it('does not mark a rename whose content changed, which GitHub shows the same way (a NUL byte made it binary)', async () => {
    const run = await listed([renamed('new.py', 'old.py', `# \0\n${OLD}eval(x)\n`)]);
    expect(run.files[0]?.sameBlobAsBase).toBeUndefined();
    expect(run.warnings).toEqual([]);
  });

  it('does not mark a file whose old name is not at the merge base', async () => {
    const run = await listed([renamed('new.py', 'old.py', OLD)], {});
    expect(run.files[0]?.sameBlobAsBase).toBeUndefined();
  });

  it('asks nothing when no file needs the proof: patches, counted lines, other statuses, unreviewed languages', async () => {
    const run = await listed([
      { ...renamed('a.py', 'old.py', `${OLD}x = 1\n`), patch: '@@ -2 +2,2 @@\n     return 1\n+x = 1', additions: 1 },
      { ...renamed('b.py', 'old.py', 'big\n'), additions: 9000 },
      { filename: 'c.py', status: 'modified', content: 'c\n' },
      renamed('logo.png', 'old.png', 'png'),
    ]);
    expect(run.files.every((f) => f.sameBlobAsBase === undefined)).toBe(true);
    expect(requestsTo(run.fake, /\/compare\/|^\/graphql$/)).toEqual([]);
  });

  it('looks up 60 files in two queries, after one comparison', async () => {
    const many = Array.from({ length: 60 }, (_, i) => renamed(`moved/f${i}.py`, `f${i}.py`, `x = ${i}\n`));
    const base = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}.py`, `x = ${i}\n`]));
    const run = await listed(many, base);

    expect(run.files.filter((f) => f.sameBlobAsBase === true)).toHaveLength(60);
    expect(requestsTo(run.fake, /\/compare\//)).toHaveLength(1);
    expect(requestsTo(run.fake, /^\/graphql$/)).toHaveLength(2);
  });

  it('counts the file as diff unknown, with a warning, when the comparison fails', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, baseSha: BASE, files: [renamed('new.py', 'old.py', OLD)], baseFiles: { 'old.py': OLD } }]);
    fake = started.fake;
    fake.failNext({ method: 'GET', path: /\/compare\// }, { status: 404, body: { message: 'Not Found' } });

    const { files } = await createPullRequestSource(started.octokit, { log: started.log }).listChangedFiles(prRef());

    expect(files[0]?.sameBlobAsBase).toBeUndefined();
    expect(started.log.lines.filter((l) => l.level === 'warning').map((l) => l.message)).toEqual([
      'new.py could not be compared with its base version (the merge base of acme/widgets#7 could not be read: Not Found); GitHub sent no patch, so the whole file counts as diff unknown',
    ]);
  });

  it('counts the files as diff unknown, with a warning, when GraphQL refuses the lookup', async () => {
    const started = await startFake([{ number: 7, headSha: HEAD, baseSha: BASE, files: [renamed('a.py', 'old.py', OLD), renamed('b.py', 'old.py', OLD)], baseFiles: { 'old.py': OLD } }]);
    fake = started.fake;
    fake.failNext({ method: 'POST', path: '/graphql' }, { status: 200, body: { data: null, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] } });

    const { files } = await createPullRequestSource(started.octokit, { log: started.log }).listChangedFiles(prRef());

    expect(files.map((f) => f.sameBlobAsBase)).toEqual([undefined, undefined]);
    expect(started.log.lines.filter((l) => l.level === 'warning').map((l) => l.message)).toEqual([
      expect.stringMatching(/^a\.py, b\.py could not be compared with their base versions \(GitHub did not name their blobs at b{12}: Resource not accessible by integration\); GitHub sent no patch, so each whole file counts as diff unknown$/),
    ]);
  });
});
