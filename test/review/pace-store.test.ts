/**
 * The service's pace kept for the next run beside the result cache's entries (pace-store.ts,
 * pace-file.ts): stored signed, read back by the next run, ignored when forged or stale. Time is
 * given (`now`), never read from the machine.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_FORMAT_VERSION, createResultCache } from '../../src/review/cache';
import { createPaceCodec, MAX_PACE_AGE_MS } from '../../src/review/pace-file';

const URL_A = 'https://api.example.com';
const KEY = 'svc_live_test_0000000000000000';
const OTHER_KEY = 'svc_live_rotated_000000000000000';
const NOW = Date.parse('2026-10-21T07:28:00Z');
const PACE = { budget: 10, windowMs: 1005 };

let dir: string;
let lines: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-pace-'));
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One run's view of the cache: its service, its key, its clock. */
const run = (options: { baseUrl?: string; secret?: string; now?: number } = {}) =>
  createResultCache({
    dir,
    baseUrl: options.baseUrl ?? URL_A,
    secret: options.secret ?? KEY,
    workspace: dir,
    now: () => options.now ?? NOW,
    log: { warning: (m) => lines.push(`WARN ${m}`), info: (m) => lines.push(m) },
  }).pace;

const paceFolder = () => join(dir, `v${CACHE_FORMAT_VERSION}`, 'pace');
const paceFile = () => join(paceFolder(), readdirSync(paceFolder())[0]!);

describe('the pace kept for the next run', () => {
  it('is stored signed beside the entries, and the next run against the same service reads it back and says so', async () => {
    await run().save(PACE);
    const stored = JSON.parse(readFileSync(paceFile(), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ format: 'review-gate/service-pace', service: URL_A, savedAt: NOW, pace: PACE, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The folder of the entries, kept out of git like them.
    expect(existsSync(join(dir, `v${CACHE_FORMAT_VERSION}`, '.gitignore'))).toBe(true);

    expect(await run({ now: NOW + 60_000 }).load()).toEqual(PACE);
    expect(lines).toEqual([`Starting at the review service's pace an earlier run learned: 10 requests per 1.00 s (stored in ${dir}).`]);
  });

  it('keeps one pace per service: another service finds none', async () => {
    await run().save(PACE);
    await run({ baseUrl: 'https://staging.example.com' }).save({ budget: 3, windowMs: 60_000 });
    expect(await run().load()).toEqual(PACE);
    expect(await run({ baseUrl: 'https://other.example.com' }).load()).toBeUndefined();
  });

  it('finds nothing, and says nothing, when no run stored a pace', async () => {
    expect(await run().load()).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it.each([
    ['edited numbers', (text: string) => text.replace('"budget":10', '"budget":1000'), 'signature does not match'],
    ['no signature', (text: string) => text.replace(/"mac":"[0-9a-f]+",/, ''), 'not signed'],
    ['not JSON', () => '{"format":', 'not JSON'],
    ['a pace signed for another service, copied over', () => createPaceCodec(KEY).encode('https://evil.example', PACE, NOW), 'it was learned from another service'],
  ])('ignores a forged or damaged pace (%s), with a warning that says why', async (_what, forge, why) => {
    await run().save(PACE);
    writeFileSync(paceFile(), forge(readFileSync(paceFile(), 'utf8')));
    expect(await run().load()).toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^WARN The result cache in .*: the review service's stored pace was ignored \\(${why}`))]);
  });

  it('ignores a pace stored with another api-key (a rotated key, or a pull request guessing)', async () => {
    await run({ secret: OTHER_KEY }).save(PACE);
    expect(await run().load()).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining('(signature does not match: written with another api-key, or not by review-gate)')]);
  });

  it('ignores a genuine pace with numbers no service would have taught (budget 0), as forged', async () => {
    await run().save(PACE);
    writeFileSync(paceFile(), createPaceCodec(KEY).encode(URL_A, { budget: 0, windowMs: 1005 }, NOW));
    expect(await run().load()).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining('budget must be a whole number from 1 to 100000, got 0')]);
  });

  it('ignores a stale pace, stored more than 7 days ago or dated ahead of the clock, in a line of the log (no warning)', async () => {
    await run({ now: NOW - MAX_PACE_AGE_MS }).save(PACE);
    expect(await run().load()).toEqual(PACE);
    await run({ now: NOW - MAX_PACE_AGE_MS - 1 }).save(PACE);
    expect(await run().load()).toBeUndefined();
    await run({ now: NOW + 6 * 60_000 }).save(PACE);
    expect(await run().load()).toBeUndefined();
    expect(lines.slice(1)).toEqual([
      `Not using the review service's pace stored in ${dir}: stored 7 days ago, over the 7 days a pace is kept; it is learned again.`,
      `Not using the review service's pace stored in ${dir}: dated 6 minutes ahead of this machine's clock; it is learned again.`,
    ]);
  });

  it('never reads a pace file that is a symbolic link', async () => {
    await run().save(PACE);
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, readFileSync(paceFile(), 'utf8'));
    const file = paceFile();
    rmSync(file);
    symlinkSync(target, file);
    expect(await run().load()).toBeUndefined();
    expect(lines).toEqual([expect.stringContaining('the pace file is a symbolic link')]);
  });
});
