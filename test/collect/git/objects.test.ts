import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError, openGitObjects } from '../../../src/collect/git/objects';

let repo: string;
const blobs = new Map<string, Buffer>();

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'review-gate-objects-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  const contents = [
    Buffer.from(''),
    Buffer.from('no final newline'),
    Buffer.from('line\n'.repeat(3)),
    // Far larger than a pipe's chunk: it arrives in many pieces.
    Buffer.from(Array.from({ length: 300_000 }, (_, i) => String.fromCharCode(32 + (i % 90))).join('')),
    Buffer.from([0, 1, 2, 10, 10, 0xff, 10]),
  ];
  contents.forEach((content, i) => {
    writeFileSync(join(repo, `f${i}`), content);
    blobs.set(execFileSync('git', ['hash-object', '-w', `f${i}`], { cwd: repo, encoding: 'utf8' }).trim(), content);
  });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('openGitObjects', () => {
  it('reads many blobs at once through one git process, each byte for byte', async () => {
    const objects = openGitObjects(repo);
    const shas = [...blobs.keys(), ...blobs.keys(), ...blobs.keys()];
    const read = await Promise.all(shas.map((sha) => objects.read(sha)));
    expect(read.map((b) => b?.toString('base64'))).toEqual(shas.map((sha) => blobs.get(sha)?.toString('base64')));
    await objects.close();
  });

  it('answers undefined for a missing object or a name that is not one, and goes on', async () => {
    const objects = openGitObjects(repo);
    const [sha] = blobs.keys();
    expect(await objects.read('0123456789012345678901234567890123456789')).toBeUndefined();
    expect(await objects.read('--batch-all-objects')).toBeUndefined();
    expect(await objects.read(sha!)).toEqual(blobs.get(sha!));
    await objects.close();
  });

  it('drops the answer of an aborted read without confusing the next one', async () => {
    const objects = openGitObjects(repo);
    const shas = [...blobs.keys()];
    const controller = new AbortController();
    const aborted = objects.read(shas[3]!, controller.signal);
    controller.abort(new Error('deadline'));
    await expect(aborted).rejects.toThrow('deadline');
    expect(await objects.read(shas[2]!)).toEqual(blobs.get(shas[2]!));
    await objects.close();
  });

  it('refuses a blob over the read\'s limit by git\'s size, and answers the reads around it byte for byte', async () => {
    const objects = openGitObjects(repo);
    const shas = [...blobs.keys()];
    const large = shas[3]!;
    const reads = [objects.read(shas[2]!, undefined, 15), objects.read(large, undefined, 1000), objects.read(shas[4]!, undefined, 1000), objects.read(large)];
    const [before, refused, after, unlimited] = await Promise.allSettled(reads);
    expect(before).toEqual({ status: 'fulfilled', value: blobs.get(shas[2]!) });
    expect(refused).toEqual({ status: 'rejected', reason: new BlobTooLargeError(300_000) });
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ size: 300_000 });
    expect(after).toEqual({ status: 'fulfilled', value: blobs.get(shas[4]!) });
    expect(unlimited).toEqual({ status: 'fulfilled', value: blobs.get(large) });
    await objects.close();
  });

  it('with closeWhenIdle, answers reads made together, then reads made after it went idle, each byte for byte', async () => {
    const objects = openGitObjects(repo, process.env, { closeWhenIdle: true });
    const shas = [...blobs.keys()];
    expect(await Promise.all(shas.map((sha) => objects.read(sha)))).toEqual([...blobs.values()]);
    // The process that answered them ended once idle: these start another.
    expect(await objects.read(shas[1]!)).toEqual(blobs.get(shas[1]!));
    expect(await objects.read(shas[3]!, undefined, 10).catch((error: unknown) => error)).toBeInstanceOf(BlobTooLargeError);
    expect(await objects.read(shas[2]!)).toEqual(blobs.get(shas[2]!));
  });

  it('fails every read clearly when git cannot run there', async () => {
    const objects = openGitObjects(join(repo, 'no-such-folder'));
    await expect(objects.read([...blobs.keys()][0]!)).rejects.toThrow(/git cat-file/);
  });
});
