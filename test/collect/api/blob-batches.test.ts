/**
 * File contents read in GraphQL batches (collect/api/blob-batches.ts through the GitHub source) against
 * the fake GitHub: the same bytes, or the same refusal, as the REST read of each blob, whatever the
 * file holds; the REST read for every blob the batch cannot vouch for, and only for those; and
 * queries sized by count and by the blobs' sizes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPullRequestSource } from '../../../src/collect/api/pull-request-source';
import type { ChangedFile, PullRequestRef } from '../../../src/domain/pull-request';
import { gitBlobSha } from '../../doubles/fake-github';
import type { FakeFile, FakeGitHub, RecordedRequest } from '../../doubles/fake-github';
import { HEAD, prRef, startFake } from '../../github/helpers';
import type { RecordingLog } from '../../github/helpers';
import type { GitHubClient } from '../../../src/github/octokit';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 7)]);
const TEXT_LIMIT = 4096;

/** Files whose bytes GitHub's GraphQL `text` can and cannot carry. */
const KINDS: Record<string, { content: string | Buffer; viaQuery: boolean }> = {
  'utf8.py': { content: 'name = "héllo ✓ 😀"\nprint(name)\n', viaQuery: true },
  'bom.py': { content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x = 1\n')]), viaQuery: true },
  'crlf.js': { content: 'const a = 1;\r\nconst b = 2;\r\n', viaQuery: true },
  'nul.js': { content: 'const a = 1; // \u0000 in a comment\n', viaQuery: false },
  'utf16.py': { content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = "é"\n', 'utf16le')]), viaQuery: false },
  'latin1.py': { content: Buffer.from('# -*- coding: latin-1 -*-\nx = "caf\xe9"\n', 'latin1'), viaQuery: false },
  'image.ts': { content: PNG, viaQuery: false },
  'long.ts': { content: `${'const x = "ü";\n'.repeat(Math.ceil(TEXT_LIMIT / 15) + 1)}`, viaQuery: false },
};

const pathOf = (r: RecordedRequest): string => `${r.method} ${r.path}`;
const blobReads = (f: FakeGitHub): string[] => f.requests.filter((r) => r.path.includes('/git/blobs/')).map((r) => r.path.split('/').pop() ?? '');
/** The aliases of a query that ask for texts (`t<i>`). */
const textAliases = (r: RecordedRequest): string[] => Object.keys((r.body as { variables: Record<string, string> }).variables).filter((k) => /^t\d+$/.test(k));

async function pullOf(files: FakeFile[], options: { baseFiles?: Record<string, string | Buffer>; textLimit?: number } = {}) {
  const started = await startFake([{ number: 7, headSha: HEAD, baseSha: 'b'.repeat(40), files, baseFiles: options.baseFiles ?? {} }], { graphqlTextLimit: options.textLimit ?? TEXT_LIMIT });
  fake = started.fake;
  return started;
}

/** Each file's bytes, or its error as `name: message`. */
async function readAll(read: (file: ChangedFile) => Promise<Uint8Array>, files: ChangedFile[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const file of files) {
    out[file.path] = await read(file).then(
      (bytes) => `bytes ${Buffer.from(bytes).toString('hex')}`,
      (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`,
    );
  }
  return out;
}

type Started = { octokit: GitHubClient; log: RecordingLog };

/** The pull request's files read in batches, and the requests the batched reads made. */
async function batchedOnly(started: Started, pr: PullRequestRef, maxBytes = 1_000_000, listed?: ChangedFile[]) {
  const { octokit, log } = started;
  const files = listed ?? (await createPullRequestSource(octokit, { perPage: 100 }).listChangedFiles(pr)).files;
  const before = fake!.requests.length;
  const batched = createPullRequestSource(octokit, { log });
  batched.willRead(pr, files, { maxBytes });
  const readInBatches = await readAll((file) => batched.readFile(pr, file, { maxBytes }), files);
  return { files, readInBatches, batchedRequests: fake!.requests.slice(before), stats: batched.readStats };
}

/** Each file read through REST, one by one, then in batches: the batched reads must give the same. */
async function restAndBatched(started: Started, pr: PullRequestRef, maxBytes = 1_000_000) {
  const rest = createPullRequestSource(started.octokit, { perPage: 100 });
  const { files } = await rest.listChangedFiles(pr);
  const readByRest = await readAll((file) => rest.readFile(pr, file, { maxBytes }), files);
  return { readByRest, ...(await batchedOnly(started, pr, maxBytes, files)) };
}

describe('reading file contents in GraphQL batches', () => {
  it('gives every file the bytes, or the refusal, the REST read gives: UTF-8, a BOM, CRLF, a NUL, UTF-16, Latin-1, binary, truncated, missing', async () => {
    const files: FakeFile[] = Object.entries(KINDS).map(([filename, { content }]) => ({ filename, status: 'added', content }));
    files.push({ filename: 'missing.go', status: 'added' });
    const started = await pullOf(files);

    const { readByRest, readInBatches, batchedRequests, stats } = await restAndBatched(started, prRef());

    expect(readInBatches).toEqual(readByRest);
    expect(readInBatches['missing.go']).toMatch(/^FileNotFoundError: /);
    expect(readInBatches['utf16.py']).toBe(`bytes ${Buffer.from(KINDS['utf16.py']!.content).toString('hex')}`);
    // What the query's text cannot carry byte for byte is read through REST, one blob each; nothing else is.
    const viaRest = Object.entries(KINDS).filter(([, kind]) => !kind.viaQuery).map(([name]) => gitBlobSha(Buffer.from(KINDS[name]!.content)));
    const restReads = batchedRequests.filter((r) => r.path.includes('/git/blobs/')).map((r) => r.path.split('/').pop());
    expect(new Set(restReads)).toEqual(new Set([...viaRest, gitBlobSha(Buffer.from('absent:missing.go'))]));
    expect(restReads).toHaveLength(viaRest.length + 1);
    // One query for the sizes, one for the texts.
    expect(batchedRequests.filter((r) => r.path === '/graphql')).toHaveLength(2);
    expect(stats).toEqual({ queries: 2, fromQueries: 3, toRest: 6 });
  });

  it('reads through REST only the blob GitHub failed on in the query, the others from it', async () => {
    const files: FakeFile[] = ['a', 'b', 'c'].map((n) => ({ filename: `${n}.py`, status: 'added', content: `${n} = 1\n` }));
    const started = await pullOf(files);
    fake!.failGraphqlBlob(gitBlobSha(Buffer.from('b = 1\n')));

    const { readByRest, readInBatches, batchedRequests } = await restAndBatched(started, prRef());

    expect(readInBatches).toEqual(readByRest);
    expect(batchedRequests.filter((r) => r.path.includes('/git/blobs/')).map(pathOf)).toEqual([`GET /repos/acme/widgets/git/blobs/${gitBlobSha(Buffer.from('b = 1\n'))}`]);
  });

  it('reads every file through REST, and asks GraphQL no more, when GitHub answers no query', async () => {
    const files: FakeFile[] = Array.from({ length: 120 }, (_, i) => ({ filename: `m${i}.py`, status: 'added', content: `v = ${i}\n` }));
    const started = await pullOf(files);
    fake!.failNext({ method: 'POST', path: '/graphql' }, { status: 404, body: { message: 'Not Found' } });

    const { readByRest, readInBatches, batchedRequests } = await restAndBatched(started, prRef());

    expect(readInBatches).toEqual(readByRest);
    expect(batchedRequests.filter((r) => r.path === '/graphql')).toHaveLength(1);
    expect(batchedRequests.filter((r) => r.path.includes('/git/blobs/'))).toHaveLength(120);
    expect(started.log.lines).toContainEqual({ level: 'info', message: expect.stringMatching(/^Reading file contents one by one through REST: GitHub's GraphQL API did not answer/) });
  });

  it('reads the files of a query through REST when its answer has no repository, and goes on with the next query', async () => {
    const files: FakeFile[] = Array.from({ length: 3 }, (_, i) => ({ filename: `m${i}.py`, status: 'added', content: `v = ${i}\n` }));
    const started = await pullOf(files);
    fake!.failNext({ method: 'POST', path: '/graphql' }, { status: 200, body: { data: null, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }] } });

    const { readByRest, readInBatches, batchedRequests } = await restAndBatched(started, prRef());

    expect(readInBatches).toEqual(readByRest);
    // The sizes query was refused: every file of it through REST.
    expect(batchedRequests.filter((r) => r.path.includes('/git/blobs/'))).toHaveLength(3);
  });

  it('refuses a file over max-file-size by the size GitHub names, without asking for its text', async () => {
    const big = 'x = 1\n'.repeat(200);
    const started = await pullOf([
      { filename: 'big.py', status: 'added', content: big },
      { filename: 'small.py', status: 'added', content: 'y = 2\n' },
    ]);

    const { readByRest, readInBatches, batchedRequests } = await restAndBatched(started, prRef(), 1000);

    expect(readInBatches).toEqual(readByRest);
    expect(readInBatches['big.py']).toBe(`NotReviewableError: 'big.py': not reviewed: the file has ${big.length} bytes, more than max-file-size (1000 bytes); raise max-file-size to review it`);
    const asked = batchedRequests.filter((r) => r.path === '/graphql').flatMap((r) => textAliases(r).map((a) => (r.body as { variables: Record<string, string> }).variables[a]));
    expect(asked).toEqual([gitBlobSha(Buffer.from('y = 2\n'))]);
    expect(blobReads(fake!).filter((sha) => sha === gitBlobSha(Buffer.from(big)))).toHaveLength(1); // the REST read above, not the batched one
  });

  it('asks at most 100 texts per query, and sizes about one query ahead: 250 files in 4 queries', async () => {
    const files: FakeFile[] = Array.from({ length: 250 }, (_, i) => ({ filename: `m${i}.py`, status: 'added', content: `v = ${i}\n` }));
    const started = await pullOf(files);

    // What is asserted is the queries and every file's bytes coming from them: no REST read to compare with.
    const { readInBatches, batchedRequests } = await batchedOnly(started, prRef());

    expect(Object.values(readInBatches).every((r) => r.startsWith('bytes '))).toBe(true);
    const asked = batchedRequests.filter((r) => r.path === '/graphql');
    expect(asked.map((r) => textAliases(r).length)).toEqual([0, 100, 100, 50]);
    expect(batchedRequests.filter((r) => r.path.includes('/git/blobs/'))).toHaveLength(0);
  });

  it('keeps a query\'s texts within 3 MiB by the sizes GitHub names', async () => {
    const line = 'x = "0123456789012345678901234567890123456789"\n';
    const content = (i: number) => `# ${i}\n${line.repeat(Math.floor(400_000 / line.length))}`;
    // Two full queries and the rest: 6 MB, the least that shows each query cut at the cap again.
    const files: FakeFile[] = Array.from({ length: 15 }, (_, i) => ({ filename: `m${i}.py`, status: 'added', content: content(i) }));
    const started = await pullOf(files, { textLimit: 1_000_000 });

    const { readByRest, readInBatches, batchedRequests } = await restAndBatched(started, prRef());

    expect(readInBatches).toEqual(readByRest);
    const perQuery = batchedRequests.filter((r) => r.path === '/graphql').map((r) => textAliases(r).length).filter((n) => n > 0);
    // About 400 kB each: 7 fit in 3 MiB.
    expect(perQuery).toEqual([7, 7, 1]);
  });

  it('reads base versions by <base>:<path> in the same batches, byte for byte as the REST read at the base commit', async () => {
    const baseFiles: Record<string, string | Buffer> = {
      'a.py': 'a = "é"\n',
      'b.py': Buffer.from('b = "caf\xe9"\n', 'latin1'),
    };
    const files: FakeFile[] = ['a.py', 'b.py', 'c.py'].map((filename) => ({ filename, status: 'modified', content: `${filename} changed\n` }));
    const started = await pullOf(files, { baseFiles });
    const pr = prRef();
    const rest = createPullRequestSource(started.octokit);
    const listed = (await rest.listChangedFiles(pr)).files;
    const byRest = await readAll((file) => rest.readBaseFile(pr, file), listed);
    const before = fake!.requests.length;
    const batched = createPullRequestSource(started.octokit);
    batched.willRead(pr, listed, { maxBytes: 1_000_000, base: true });

    const inBatches = await readAll((file) => batched.readBaseFile(pr, file), listed);

    expect(inBatches).toEqual(byRest);
    expect(inBatches['c.py']).toBe("NotReviewableError: 'c.py': 'c.py' is not at commit bbbbbbbbbbbb");
    const after = fake!.requests.slice(before);
    const expressions = after.filter((r) => r.path === '/graphql').flatMap((r) => Object.values((r.body as { variables: Record<string, string> }).variables));
    expect(expressions).toContain(`${'b'.repeat(40)}:a.py`);
    // Latin-1 and the missing file through the contents API, the UTF-8 one not.
    expect(after.filter((r) => r.path.includes('/contents/')).map((r) => decodeURIComponent(r.path.split('/contents/')[1] ?? ''))).toEqual(['b.py', 'c.py']);
  });

  it('reads a file shared by two paths once, for both', async () => {
    const started = await pullOf([
      { filename: 'a.py', status: 'added', content: 'same = 1\n' },
      { filename: 'copy/a.py', status: 'added', content: 'same = 1\n' },
    ]);

    const { readByRest, readInBatches, batchedRequests } = await restAndBatched(started, prRef());

    expect(readInBatches).toEqual(readByRest);
    expect(batchedRequests.filter((r) => r.path.includes('/git/blobs/'))).toHaveLength(0);
    expect(batchedRequests.filter((r) => r.path === '/graphql').map((r) => textAliases(r).length)).toEqual([0, 1]);
  });
});
