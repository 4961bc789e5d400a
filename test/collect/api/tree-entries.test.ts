/**
 * What a path holds at a pull request's head, through the GitHub source against the fake GitHub:
 * GraphQL's `Commit.file(path:)` riding along with the content queries, and REST's trees when
 * GraphQL cannot say, both giving the same answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEntryLookups } from '../../../src/collect/api/tree-entries';
import { createPullRequestSource } from '../../../src/collect/api/pull-request-source';
import type { FakeFile, FakeGitHub } from '../../doubles/fake-github';
import { HEAD, prRef, startFake } from '../../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const FILES: FakeFile[] = [
  { filename: 'app/plugin.py', status: 'added', content: '../data/plugin.cfg', mode: '120000' },
  { filename: 'lib/util.py', status: 'added', content: 'x = 1\n' },
  { filename: 'bin/run', status: 'added', content: '#!/bin/sh\n', mode: '100755' },
];
const TREE = { 'data/plugin.cfg': 'eval(x)\n', 'data/deep/more.cfg': 'y\n' };
/** Each path asked, and what GitHub says it holds. */
const EXPECTED: Array<[string, string | undefined]> = [
  ['app/plugin.py', 'link'],
  ['lib/util.py', 'file'],
  ['bin/run', 'file'],
  ['data/plugin.cfg', 'file'],
  ['data/deep', 'folder'],
  ['data', 'folder'],
  ['data/missing.cfg', undefined],
  ['nowhere/at/all.py', undefined],
];

async function pull(extra: { graphqlWithoutCommitFile?: boolean } = {}) {
  const started = await startFake([{ number: 7, headSha: HEAD, baseSha: 'b'.repeat(40), files: FILES, tree: TREE }], extra);
  fake = started.fake;
  return started;
}

const graphqlQueries = (f: FakeGitHub) => f.requests.filter((r) => r.path === '/graphql').length;
const treeReads = (f: FakeGitHub) => f.requests.filter((r) => r.path.includes('/git/trees/')).length;

describe('what a path holds at the head, through the GitHub API', () => {
  it('asks GraphQL for the planned paths in the content queries, reading modes as numbers', async () => {
    const { octokit, fake: github } = await pull();
    const source = createPullRequestSource(octokit);
    const { files } = await source.listChangedFiles(prRef());
    const before = graphqlQueries(github);
    source.willRead(prRef(), files, { maxBytes: 1_000_000 });

    const kinds = await Promise.all(EXPECTED.map(([path]) => source.entryAt(prRef(), path).then((e) => e?.kind)));

    expect(kinds).toEqual(EXPECTED.map(([, kind]) => kind));
    expect(treeReads(github)).toBe(0);
    // The planned paths rode along with the sizes; the others went together in one more query.
    expect(graphqlQueries(github) - before).toBeLessThanOrEqual(3);
    const link = await source.entryAt(prRef(), 'app/plugin.py');
    expect(link).toEqual({ kind: 'link', blobSha: files.find((f) => f.path === 'app/plugin.py')?.blobSha });
  });

  it('gives the same answers through REST\'s trees when GitHub\'s GraphQL answers no query', async () => {
    const { octokit, fake: github } = await pull();
    github.failNext({ method: 'POST', path: '/graphql' }, { status: 404, body: { message: 'Not Found' } }, 100);
    const source = createPullRequestSource(octokit);

    const kinds = await Promise.all(EXPECTED.map(([path]) => source.entryAt(prRef(), path).then((e) => e?.kind)));

    expect(kinds).toEqual(EXPECTED.map(([, kind]) => kind));
    // The listings of the root, app, lib, bin and data, each read once (data/deep is an entry of data's).
    expect(treeReads(github)).toBe(5);
  });

  it('stops asking for paths in its queries when the server has no Commit.file, reading the rest through REST', async () => {
    const { octokit, fake: github } = await pull({ graphqlWithoutCommitFile: true });
    const source = createPullRequestSource(octokit);
    const { files } = await source.listChangedFiles(prRef());
    source.willRead(prRef(), files, { maxBytes: 1_000_000 });

    const kinds = await Promise.all(EXPECTED.map(([path]) => source.entryAt(prRef(), path).then((e) => e?.kind)));
    const contents = await Promise.all(files.map((file) => source.readFile(prRef(), file, { maxBytes: 1_000_000 }).then((b) => Buffer.from(b).toString())));

    expect(kinds).toEqual(EXPECTED.map(([, kind]) => kind));
    expect(contents).toEqual(FILES.map((f) => f.content));
    // A path asked later (a link's target) is not asked in a query again.
    expect(await source.entryAt(prRef(), 'data/deep/more.cfg')).toMatchObject({ kind: 'file' });
    const queries = github.requests.filter((r) => r.path === '/graphql').map((r) => String((r.body as { query?: unknown }).query));
    // The first query that asked for paths was refused whole; none after it asks for them.
    const first = queries.findIndex((q) => q.includes('file(path:'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(queries.slice(first + 1).filter((q) => q.includes('file(path:'))).toEqual([]);
  });

  it('answers a merge group\'s paths in queries of their own, the same way', async () => {
    const { octokit, fake: github } = await pull();
    const lookups = createEntryLookups(octokit, { owner: 'acme', repo: 'widgets' }, HEAD);
    lookups.plan(EXPECTED.map(([path]) => path));

    const kinds = await Promise.all(EXPECTED.map(([path]) => lookups.entryAt(path).then((e) => e?.kind)));

    expect(kinds).toEqual(EXPECTED.map(([, kind]) => kind));
    expect(graphqlQueries(github)).toBe(1);
  });
});
