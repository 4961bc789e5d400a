import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FORMAT_VERSION, cacheKey, createResultCache } from '../../src/review/cache';
import { createEntryCodec } from '../../src/review/cache-entry';
import type { ReviewRequest, ReviewResult } from '../../src/service/types';
import { reviewResult } from '../support/review-result';

const URL_A = 'https://api.example.com';
const request: ReviewRequest = { code: 'x = eval(input())\n', language: 'python', focus_areas: ['security'] };

let dir: string;
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-cache-'));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'svc_live_test_0000000000000000';
const OTHER_KEY = 'svc_live_rotated_000000000000000';
const open = (baseUrl = URL_A, secret = KEY) => createResultCache({ dir, baseUrl, secret, workspace: dir, log: { warning: (m) => warnings.push(m) } });
const parsed = (text: string) => JSON.parse(text) as { mac: string };
/** The same hex with its first digit changed. */
const flipped = (mac: string) => `${mac.startsWith('0') ? '1' : '0'}${mac.slice(1)}`;
const entryPath = (key: string) => join(dir, `v${CACHE_FORMAT_VERSION}`, key.slice(0, 2), `${key}.json`);

const answer: ReviewResult = reviewResult({
  summary: 'Reviewed 1 lines of python: 2 errors.',
  quality_score: 70,
  requestId: 'svc_req_000000000042',
  issues: [
    { severity: 'error', line: 1, message: 'eval() runs arbitrary code', suggestion: 'use ast.literal_eval' },
    // The client's notes on an answer it normalized: a cached copy must show them the same way.
    { severity: 'error', reportedSeverity: 'CRITICAL', line: null, reportedLine: '"1"', message: 'odd', suggestion: '' },
  ],
});

describe('the result cache', () => {
  it('names an entry by the content, the language, the focus areas and the service, never by anything else', () => {
    const key = cacheKey(request, URL_A);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey({ ...request }, URL_A)).toBe(key);
    const others = [
      cacheKey({ ...request, code: `${request.code} ` }, URL_A),
      cacheKey({ ...request, language: 'javascript' }, URL_A),
      cacheKey({ ...request, focus_areas: ['security', 'performance'] }, URL_A),
      cacheKey({ code: request.code, language: 'python' }, URL_A),
      cacheKey(request, 'https://staging.example.com'),
    ];
    expect(new Set([key, ...others]).size).toBe(6);
  });

  it('misses without a word when there is no entry', async () => {
    const cache = open();
    expect(await cache.get(cache.key(request), 'src/a.py')).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('hits with the answer exactly as it was stored, the notes on normalized findings included', async () => {
    const cache = open();
    const key = cache.key(request);
    await cache.put(key, answer);

    expect(await open().get(key, 'src/a.py')).toEqual(answer);
    expect(readdirSync(dirname(entryPath(key)))).toEqual([`${key}.json`]);
    expect(warnings).toEqual([]);
  });

  it('misses for the same code sent to another service', async () => {
    const key = open().key(request);
    await open().put(key, answer);
    const other = open('https://staging.example.com');
    expect(await other.get(other.key(request), 'src/a.py')).toBeUndefined();
  });

  const damaged: Array<[string, (key: string, good: string) => string, string]> = [
    ['cut off mid-way', (_key, good) => good.slice(0, good.length >> 1), 'not JSON: cut off or damaged'],
    ['empty', () => '', 'not JSON: cut off or damaged'],
    [
      'in the format before entries were signed',
      (key) => JSON.stringify({ format: 'review-gate/review-result', version: 1, key, result: answer }),
      'not signed: not written by this version of review-gate',
    ],
    ['with its answer changed to "no issues"', (_key, good) => JSON.stringify({ ...parsed(good), result: { ...answer, issues: [], quality_score: 100 } }), 'signature does not match'],
    ['with its signature changed', (_key, good) => JSON.stringify({ ...parsed(good), mac: flipped(parsed(good).mac) }), 'signature does not match'],
    ['signed with another API key', (key) => createEntryCodec(OTHER_KEY).encode(key, answer), 'signature does not match'],
    ['signed, but copied from another content\'s entry', () => createEntryCodec(KEY).encode('0'.repeat(64), answer), 'it belongs to other content'],
    [
      'signed, but holding an answer the service could not have given',
      (key) => createEntryCodec(KEY).encode(key, { ...answer, quality_score: 'high' } as unknown as ReviewResult),
      'Invalid review answer: quality_score must be a number, got "high"',
    ],
  ];

  it.each(damaged)('ignores an entry %s, and says so once in the run\'s warning, so the file is reviewed again', async (_name, damage, why) => {
    const cache = open();
    const key = cache.key(request);
    await cache.put(key, answer);
    writeFileSync(entryPath(key), damage(key, readFileSync(entryPath(key), 'utf8')));

    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    expect(warnings).toEqual([]);
    cache.reportIgnored();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`The result cache in ${dir}: 1 entry ignored, and its file reviewed again: src/a.py (${why}`);
    cache.reportIgnored();
    expect(warnings).toHaveLength(1);

    // A fresh answer replaces it.
    await cache.put(key, answer);
    expect(await cache.get(key, 'src/a.py')).toEqual(answer);
  });

  it('trusts its own entries only under the API key that signed them: a new key reviews each file once more', async () => {
    const key = open().key(request);
    await open().put(key, answer);
    const rotated = open(URL_A, OTHER_KEY);

    expect(await rotated.get(key, 'src/a.py')).toBeUndefined();
    await rotated.put(key, answer);
    expect(await rotated.get(key, 'src/a.py')).toEqual(answer);
    expect(await open().get(key, 'src/a.py')).toBeUndefined();
  });

  it('never reads the entries of the format before the signature, in their own folder', async () => {
    const key = cacheKey(request, URL_A);
    const old = join(dir, 'v1', key.slice(0, 2), `${key}.json`);
    await mkdir(dirname(old), { recursive: true });
    writeFileSync(old, JSON.stringify({ format: 'review-gate/review-result', version: 1, key, result: answer }));
    const cache = open();
    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    cache.reportIgnored();
    expect(warnings).toEqual([]);
  });

  it('names ten files in its one warning and counts the rest', async () => {
    const cache = open();
    for (let i = 0; i < 12; i++) {
      const key = cache.key({ ...request, code: `x = ${i}\n` });
      await mkdir(dirname(entryPath(key)), { recursive: true });
      writeFileSync(entryPath(key), '{}');
      await cache.get(key, `src/f${i}.py`);
    }
    cache.reportIgnored();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('12 entries ignored, and their files reviewed again: src/f0.py (not signed');
    expect(warnings[0]).toContain('src/f9.py (not signed: not written by this version of review-gate) and 2 more.');
    expect(warnings[0]).not.toContain('src/f10.py');
  });

  it('never writes the API key into an entry', async () => {
    const cache = open();
    await cache.put(cache.key(request), answer);
    expect(readFileSync(entryPath(cache.key(request)), 'utf8')).not.toContain(KEY);
  });

  it('ignores an entry it cannot read (a folder in its place)', async () => {
    const cache = open();
    const key = cache.key(request);
    await mkdir(entryPath(key), { recursive: true });
    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    cache.reportIgnored();
    expect(warnings).toEqual([expect.stringMatching(/: src\/a\.py \(the entry is not a regular file\)\./)]);
  });

  it('lets two writers race on one entry without a reader ever seeing half of one', async () => {
    const big = (n: number): ReviewResult =>
      reviewResult({ summary: `writer ${n} ${'x'.repeat(200_000)}`, quality_score: n, issues: Array.from({ length: 500 }, (_, i) => ({ severity: 'info', line: i + 1, message: `m${i}`, suggestion: '' })) });
    const [first, second] = [big(1), big(2)];
    const [writerA, writerB, reader] = [open(), open(), open()];
    const key = writerA.key(request);

    let writing = true;
    const seen: Array<number | undefined> = [];
    const reading = (async () => {
      while (writing) seen.push((await reader.get(key, 'src/a.py'))?.quality_score);
    })();
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? writerA : writerB).put(key, i % 2 === 0 ? first : second)));
    writing = false;
    await reading;

    expect(warnings).toEqual([]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((score) => score === undefined || score === 1 || score === 2)).toBe(true);
    expect([1, 2]).toContain((await reader.get(key, 'src/a.py'))?.quality_score);
    // No temporary file is left behind.
    expect(readdirSync(dirname(entryPath(key)))).toEqual([`${key}.json`]);
  });

  it('goes on without caching, after one warning, when the folder cannot be written', async () => {
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, 'a file where the cache folder should be');
    const cache = createResultCache({ dir: blocked, baseUrl: URL_A, secret: KEY, workspace: dir, log: { warning: (m) => warnings.push(m) } });
    const key = cache.key(request);

    await cache.put(key, answer);
    await cache.put(cache.key({ ...request, code: 'y = 1\n' }), answer);

    expect(warnings).toEqual([`Cannot write to the cache folder ${blocked} (ENOTDIR); the answers of this run are not cached.`]);
    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
  });

  it('puts a .gitignore of everything in its entries\' folder, never the folder given, and leaves one already there alone', async () => {
    const cache = open();
    await cache.put(cache.key(request), answer);
    const ignore = join(dir, `v${CACHE_FORMAT_VERSION}`, '.gitignore');
    expect(readFileSync(ignore, 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual(['*']);
    // `--cache-dir .` must not ignore the repository.
    expect(existsSync(join(dir, '.gitignore'))).toBe(false);

    writeFileSync(ignore, 'mine\n');
    const next = open();
    await next.put(next.key({ ...request, code: 'y = 1\n' }), answer);
    expect(readFileSync(ignore, 'utf8')).toBe('mine\n');
    expect(warnings).toEqual([]);
  });
});

describe('the result cache and symbolic links', () => {
  let outside: string;
  beforeEach(() => {
    outside = mkdtempSync(join(tmpdir(), 'review-gate-outside-'));
  });
  afterEach(() => rmSync(outside, { recursive: true, force: true }));

  /** A cache in `dir/cache`, `dir` standing for the workspace. */
  const inWorkspace = () => createResultCache({ dir: join(dir, 'cache'), baseUrl: URL_A, secret: KEY, workspace: dir, log: { warning: (m) => warnings.push(m) } });
  const linkAt = (path: string) => {
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(outside, path);
  };

  const links: Array<[string, (key: string) => string]> = [
    ['the folder it is given', () => join(dir, 'cache')],
    ['its entries\' folder', () => join(dir, 'cache', `v${CACHE_FORMAT_VERSION}`)],
    ['an entry\'s subfolder', (key) => join(dir, 'cache', `v${CACHE_FORMAT_VERSION}`, key.slice(0, 2))],
  ];

  it.each(links)('turns itself off for the run, with one warning naming the link, when a link is at %s', async (_where, at) => {
    const cache = inWorkspace();
    const key = cache.key(request);
    linkAt(at(key));

    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    await cache.put(key, answer);
    await cache.put(cache.key({ ...request, code: 'y = 1\n' }), answer);
    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    cache.reportIgnored();

    expect(readdirSync(outside)).toEqual([]);
    expect(warnings).toEqual([
      `Not using the cache folder ${join(dir, 'cache')}: ${at(key)} is a symbolic link (to ${outside}). review-gate never reads or writes ` +
        'through a symbolic link (a pull request can commit one there): the files of this run are reviewed without the cache.',
    ]);
  });

  it('uses a folder outside the workspace that the user made a link', async () => {
    const link = join(mkdtempSync(join(tmpdir(), 'review-gate-home-')), 'cache');
    symlinkSync(outside, link);
    try {
      const cache = createResultCache({ dir: link, baseUrl: URL_A, secret: KEY, workspace: dir, log: { warning: (m) => warnings.push(m) } });
      await cache.put(cache.key(request), answer);
      expect(await cache.get(cache.key(request), 'src/a.py')).toEqual(answer);
      expect(readdirSync(outside)).toEqual([`v${CACHE_FORMAT_VERSION}`]);
      expect(warnings).toEqual([]);
    } finally {
      rmSync(dirname(link), { recursive: true, force: true });
    }
  });

  it('never reads an entry through a link, even to a genuine entry', async () => {
    const genuine = createResultCache({ dir: outside, baseUrl: URL_A, secret: KEY, workspace: dir, log: { warning: (m) => warnings.push(m) } });
    const key = genuine.key(request);
    await genuine.put(key, answer);
    const cache = inWorkspace();
    const entry = join(dir, 'cache', `v${CACHE_FORMAT_VERSION}`, key.slice(0, 2), `${key}.json`);
    mkdirSync(dirname(entry), { recursive: true });
    symlinkSync(join(outside, `v${CACHE_FORMAT_VERSION}`, key.slice(0, 2), `${key}.json`), entry);

    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    cache.reportIgnored();
    expect(warnings).toEqual([expect.stringContaining(`src/a.py (the entry is a symbolic link (to ${outside}/`)]);
  });

  it('replaces a link at an entry\'s name with the entry, never writing through it', async () => {
    const cache = inWorkspace();
    const key = cache.key(request);
    const entry = join(dir, 'cache', `v${CACHE_FORMAT_VERSION}`, key.slice(0, 2), `${key}.json`);
    mkdirSync(dirname(entry), { recursive: true });
    writeFileSync(join(outside, 'victim'), 'precious');
    symlinkSync(join(outside, 'victim'), entry);

    await cache.put(key, answer);

    expect(readFileSync(join(outside, 'victim'), 'utf8')).toBe('precious');
    expect(lstatSync(entry).isFile()).toBe(true);
    expect(await cache.get(key, 'src/a.py')).toEqual(answer);
    expect(warnings).toEqual([]);
  });
});
