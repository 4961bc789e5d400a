import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FORMAT_VERSION, cacheKey, createResultCache } from '../../src/review/cache';
import type { ReviewRequest, ReviewResult } from '../../src/review/service/types';
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

const open = (baseUrl = URL_A) => createResultCache({ dir, baseUrl, log: { warning: (m) => warnings.push(m) } });
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

  const corrupt: Array<[string, (key: string, good: string) => string, RegExp]> = [
    ['cut off mid-way', (_key, good) => good.slice(0, good.length >> 1), /it is not JSON \(\d+ characters; a partial or corrupt write\?\)/],
    ['empty', () => '', /it is not JSON/],
    ['of another format', (key) => JSON.stringify({ format: 'something-else', version: 1, key, result: answer }), /not a version 1 entry/],
    ['of a later format version', (key) => JSON.stringify({ format: 'review-gate/review-result', version: 99, key, result: answer }), /not a version 1 entry/],
    ['filed under another content', (key) => JSON.stringify({ format: 'review-gate/review-result', version: 1, key: `0${key.slice(1)}`, result: answer }), /belongs to other content/],
    [
      'holding an answer the service could not have given',
      (key) => JSON.stringify({ format: 'review-gate/review-result', version: 1, key, result: { ...answer, quality_score: 'high' } }),
      /Invalid review answer: quality_score must be a number, got "high"/,
    ],
    ['holding no answer', (key) => JSON.stringify({ format: 'review-gate/review-result', version: 1, key }), /Invalid review answer/],
  ];

  it.each(corrupt)('ignores an entry %s with one warning, so the file is reviewed again', async (_name, damage, why) => {
    const cache = open();
    const key = cache.key(request);
    await cache.put(key, answer);
    writeFileSync(entryPath(key), damage(key, readFileSync(entryPath(key), 'utf8')));

    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Ignored the cache entry ${entryPath(key)} for src/a.py: `);
    expect(warnings[0]).toMatch(why);
    expect(warnings[0]).toMatch(/; reviewing the file again\.$/);

    // A fresh answer replaces it.
    await cache.put(key, answer);
    expect(await cache.get(key, 'src/a.py')).toEqual(answer);
  });

  it('ignores an entry it cannot read (a folder in its place) with one warning', async () => {
    const cache = open();
    const key = cache.key(request);
    await mkdir(entryPath(key), { recursive: true });
    expect(await cache.get(key, 'src/a.py')).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/^Ignored the cache entry .* for src\/a\.py: it cannot be read \(EISDIR\); reviewing the file again\.$/)]);
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
    const cache = createResultCache({ dir: blocked, baseUrl: URL_A, log: { warning: (m) => warnings.push(m) } });
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
