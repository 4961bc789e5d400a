/**
 * A read of `openGitObjects` listens to its signal only while it waits: the review queue passes
 * one signal to every file's read, so a listener left behind per read would hold each file's
 * bytes until the run ends and make each later registration on that signal walk past thousands.
 */
import { execFileSync } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGitObjects } from '../../src/collect/git/objects';

let repo: string;
let sha: string;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'review-gate-objects-signal-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  sha = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, input: 'print(1)\n', encoding: 'utf8' }).trim();
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('reads of git objects and the signal they share', () => {
  it('leaves no listener on the signal once the reads are answered, missing objects included', async () => {
    const objects = openGitObjects(repo);
    const { signal } = new AbortController();
    try {
      const reads = await Promise.all([...Array.from({ length: 40 }, () => objects.read(sha, signal)), objects.read('0'.repeat(40), signal)]);

      expect(reads.slice(0, 40).every((bytes) => bytes?.toString() === 'print(1)\n')).toBe(true);
      expect(reads[40]).toBeUndefined();
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    } finally {
      await objects.close();
    }
  });

  it('leaves no listener once git has failed every read', async () => {
    const objects = openGitObjects(join(repo, 'no-such-folder'));
    const { signal } = new AbortController();

    await expect(Promise.all([objects.read(sha, signal), objects.read(sha, signal)])).rejects.toThrow(/git cat-file/);

    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
