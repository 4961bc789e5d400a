/** File-system access that never goes through a symbolic link, on real temporary folders. */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UnsafePathError,
  ensureRealFolder,
  isRealFolder,
  isWithin,
  openRegularFile,
  trustedBase,
  writeFileNoFollow,
  writeNamedFile,
} from '../../src/safety/no-follow';

let workspace: string;
let outside: string;
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'review-gate-ws-'));
  outside = mkdtempSync(join(tmpdir(), 'review-gate-outside-'));
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('isWithin and trustedBase', () => {
  it('tells a folder\'s own paths from a neighbour with the same prefix', () => {
    expect(isWithin('/w', '/w')).toBe(true);
    expect(isWithin('/w/a/b', '/w')).toBe(true);
    expect(isWithin('/wx/a', '/w')).toBe(false);
    expect(isWithin('/w/../x', '/w')).toBe(false);
    expect(isWithin('/w/..a', '/w')).toBe(true);
  });

  it('trusts nothing below the workspace, and outside it only what already exists', async () => {
    expect(await trustedBase(join(workspace, 'a/b'), workspace)).toBe(workspace);
    expect(await trustedBase(workspace, workspace)).toBe(workspace);
    expect(await trustedBase(join(outside, 'new/deeper'), workspace)).toBe(outside);
    // A link the user made outside the workspace (a ~/.cache on another disk) is theirs.
    symlinkSync(outside, join(outside, '..', `${basename(outside)}-link`));
    const link = `${outside}-link`;
    try {
      expect(await trustedBase(join(link, 'cache'), workspace)).toBe(link);
    } finally {
      rmSync(link);
    }
  });
});

describe('ensureRealFolder', () => {
  it('creates each missing folder below the base', async () => {
    await ensureRealFolder(join(workspace, 'a/b/c'), workspace);
    expect(lstatSync(join(workspace, 'a/b/c')).isDirectory()).toBe(true);
  });

  it.each([['the folder itself', 'a/b'], ['a folder on the way', 'a']])('refuses a link at %s, naming it, and creates nothing through it', async (_what, linked) => {
    mkdirSync(join(workspace, 'a'), { recursive: true });
    if (linked === 'a') rmSync(join(workspace, 'a'), { recursive: true });
    symlinkSync(outside, join(workspace, linked));

    const error = await refusal(ensureRealFolder(join(workspace, 'a/b/c'), workspace));

    expect(error).toBeInstanceOf(UnsafePathError);
    expect((error as UnsafePathError).path).toBe(join(workspace, linked));
    expect((error as UnsafePathError).message).toBe(`${join(workspace, linked)} is a symbolic link (to ${outside})`);
    expect(readdirSync(outside)).toEqual([]);
    expect(await refusal(isRealFolder(join(workspace, 'a/b/c'), workspace))).toBeInstanceOf(UnsafePathError);
  });

  it('refuses a dangling link too', async () => {
    symlinkSync(join(outside, 'not-yet'), join(workspace, 'a'));
    expect(await refusal(ensureRealFolder(join(workspace, 'a'), workspace))).toBeInstanceOf(UnsafePathError);
    expect(existsSync(join(outside, 'not-yet'))).toBe(false);
  });

  it('fails with ENOTDIR at a file where a folder should be; a reader sees no folder', async () => {
    writeFileSync(join(workspace, 'a'), '');
    expect(await refusal(ensureRealFolder(join(workspace, 'a/b'), workspace))).toMatchObject({ code: 'ENOTDIR' });
    expect(await isRealFolder(join(workspace, 'a/b'), workspace)).toBe(false);
    expect(await isRealFolder(join(workspace, 'missing/b'), workspace)).toBe(false);
  });
});

describe('writing', () => {
  it('replaces a link at the destination instead of writing through it, and leaves no temporary file', async () => {
    writeFileSync(join(outside, 'victim'), 'precious');
    symlinkSync(join(outside, 'victim'), join(workspace, 'out.txt'));

    await writeFileNoFollow(workspace, 'out.txt', 'ours');

    expect(readFileSync(join(outside, 'victim'), 'utf8')).toBe('precious');
    expect(lstatSync(join(workspace, 'out.txt')).isFile()).toBe(true);
    expect(readFileSync(join(workspace, 'out.txt'), 'utf8')).toBe('ours');
    expect(readdirSync(workspace)).toEqual(['out.txt']);
  });

  it('refuses a named file that is a link, and writes one in a folder it creates', async () => {
    writeFileSync(join(outside, 'victim'), 'precious');
    symlinkSync(join(outside, 'victim'), join(workspace, 'review.sarif'));

    const error = await refusal(writeNamedFile(join(workspace, 'review.sarif'), workspace, 'ours'));
    expect(error).toBeInstanceOf(UnsafePathError);
    expect(readFileSync(join(outside, 'victim'), 'utf8')).toBe('precious');

    await writeNamedFile(join(workspace, 'reports/review.sarif'), workspace, 'ours');
    expect(readFileSync(join(workspace, 'reports/review.sarif'), 'utf8')).toBe('ours');
  });
});

describe('openRegularFile', () => {
  it('opens a regular file and gives its size', async () => {
    writeFileSync(join(workspace, 'a'), 'abc');
    const { handle, size } = await openRegularFile(join(workspace, 'a'));
    try {
      expect(size).toBe(3);
      expect(await handle.readFile('utf8')).toBe('abc');
    } finally {
      await handle.close();
    }
  });

  it('refuses a link, a folder and a FIFO, without blocking on the FIFO', async () => {
    writeFileSync(join(outside, 'secret'), 'SECRET');
    symlinkSync(join(outside, 'secret'), join(workspace, 'link'));
    mkdirSync(join(workspace, 'folder'));
    execFileSync('mkfifo', [join(workspace, 'fifo')]);

    expect(await refusal(openRegularFile(join(workspace, 'link')))).toMatchObject({ name: 'UnsafePathError', reason: `is a symbolic link (to ${join(outside, 'secret')})` });
    expect(await refusal(openRegularFile(join(workspace, 'folder')))).toMatchObject({ name: 'UnsafePathError', reason: 'is not a regular file' });
    expect(await refusal(openRegularFile(join(workspace, 'fifo')))).toMatchObject({ name: 'UnsafePathError', reason: 'is not a regular file' });
  });
});
