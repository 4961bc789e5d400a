/**
 * Blob contents from a local repository through one long-lived `git cat-file --batch`: a
 * request is a line with the object name, the answer a header (`<name> <type> <size>`, or
 * `<name> missing`) and the bytes. Thousands of files cost one process, not one each.
 *
 * The process holds the event loop only while reads are pending, so a run that forgets to close
 * it still exits; `close()` ends it cleanly.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { isObjectName } from '../../domain/object-name';
import { gitEnvironment } from '../../config/environment';
import { NO_PROGRAM_ARGS, noProgramEnv } from './no-programs';

export interface GitObjects {
  /**
   * The blob's bytes; undefined when the object is missing or not a blob. A blob of more than
   * `maxBytes` is refused unread (its bytes are let through, never gathered): BlobTooLargeError.
   */
  read(sha: string, signal?: AbortSignal, maxBytes?: number): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** A blob over the size a read allows; `size` is git's. */
export class BlobTooLargeError extends Error {
  override readonly name = 'BlobTooLargeError';
  constructor(readonly size: number) {
    super(`the blob is ${size} bytes`);
  }
}

interface Pending {
  resolve(bytes: Buffer | undefined): void;
  reject(error: Error): void;
  /** Settled early (aborted): its answer is read and dropped. */
  done: boolean;
  maxBytes?: number;
  /** Stops listening to the read's signal, once it is answered or has failed. */
  detach(): void;
}

/**
 * `env`: the environment git runs with (the terminal command's own, as for its diff; the action's
 * process's by default). `closeWhenIdle`: the process ends whenever no read is pending, and the
 * next read starts another, for an owner that never calls `close()`: reads made together still
 * share one process, and none is left behind.
 */
export function openGitObjects(cwd: string, env: NodeJS.ProcessEnv = gitEnvironment(), options: { closeWhenIdle?: boolean } = {}): GitObjects {
  let child: ChildProcessByStdio<Writable, Readable, null> | undefined;
  let failure: Error | undefined;
  const pending: Pending[] = [];
  // The answer being read: its header is parsed once, its bytes gathered until complete.
  let chunks: Buffer[] = [];
  let buffered = 0;
  let body: { size: number; blob: boolean } | undefined;
  /** An answer too large for its read: its size, and how many of its bytes (and newline) are still to let through. */
  let skipping: { size: number; left: number } | undefined;

  const hold = (active: boolean): void => {
    if (child === undefined) return;
    for (const handle of [child, child.stdout, child.stdin] as Array<{ ref?(): void; unref?(): void }>) {
      if (active) handle.ref?.();
      else handle.unref?.();
    }
  };

  const settle = (bytes: Buffer | undefined | BlobTooLargeError): void => {
    const next = pending.shift();
    next?.detach();
    if (next !== undefined && !next.done) {
      next.done = true;
      if (bytes instanceof BlobTooLargeError) next.reject(bytes);
      else next.resolve(bytes);
    }
    if (pending.length > 0) return;
    hold(false);
    if (options.closeWhenIdle === true && child !== undefined) {
      // Forgotten first, so that its end fails no read: the next read starts a new one.
      const idle = child;
      child = undefined;
      idle.stdin.end();
    }
  };

  const fail = (error: Error): void => {
    failure ??= error;
    for (const entry of pending.splice(0)) {
      entry.detach();
      if (!entry.done) entry.reject(failure);
    }
  };

  /** The bytes received and not yet taken, as one buffer (copied only when they came in several chunks). */
  const joined = (): Buffer => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));

  const consume = (chunk: Buffer): void => {
    chunks.push(chunk);
    buffered += chunk.length;
    for (;;) {
      if (skipping !== undefined) {
        const data = joined();
        const through = Math.min(data.length, skipping.left);
        skipping.left -= through;
        chunks = [data.subarray(through)];
        buffered = data.length - through;
        if (skipping.left > 0) return;
        const { size } = skipping;
        skipping = undefined;
        // Settled only once its bytes went by: the process answers nothing more for it.
        settle(new BlobTooLargeError(size));
        continue;
      }
      // Gathering a large blob: wait for all of it before copying anything.
      if (body !== undefined && buffered < body.size + 1) return;
      const data = joined();
      if (body === undefined) {
        const end = data.indexOf(0x0a);
        if (end < 0) {
          chunks = [data];
          return;
        }
        const header = data.subarray(0, end).toString('utf8').split(' ');
        chunks = [data.subarray(end + 1)];
        buffered = data.length - end - 1;
        const size = Number(header[2]);
        if (header.length !== 3 || !Number.isSafeInteger(size) || size < 0) {
          // `<name> missing` (or anything unexpected, which git does not send): no bytes follow.
          settle(undefined);
          continue;
        }
        const limit = pending[0]?.maxBytes;
        if (limit !== undefined && size > limit) skipping = { size, left: size + 1 };
        else body = { size, blob: header[1] === 'blob' };
        continue;
      }
      // The bytes and the newline after them.
      const bytes = Buffer.from(data.subarray(0, body.size));
      chunks = [data.subarray(body.size + 1)];
      buffered = data.length - body.size - 1;
      const blob = body.blob;
      body = undefined;
      settle(blob ? bytes : undefined);
    }
  };

  const start = (): ChildProcessByStdio<Writable, Readable, null> => {
    const git = spawn('git', [...NO_PROGRAM_ARGS, 'cat-file', '--batch'], { cwd, env: noProgramEnv(env), stdio: ['pipe', 'pipe', 'ignore'] });
    git.stdout.on('data', consume);
    git.on('error', (error) => fail(new Error(`git cat-file could not run: ${error.message}`)));
    git.on('close', (code) => {
      // One ended for being idle (closeWhenIdle) has answered every read it was given.
      if (child === git) fail(new Error(`git cat-file ended (exit ${code ?? 'signal'}) before answering`));
    });
    git.stdin.on('error', () => undefined);
    return git;
  };

  return {
    read(sha, signal, maxBytes) {
      if (failure !== undefined) return Promise.reject(failure);
      if (!isObjectName(sha)) return Promise.resolve(undefined);
      child ??= start();
      hold(true);
      return new Promise<Buffer | undefined>((resolve, reject) => {
        const onAbort = (): void => {
          if (entry.done) return;
          entry.done = true;
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        // The signal is the whole queue's: a listener left on it would keep the read's bytes for the
        // rest of the run, and make every later listener's registration walk past all of them.
        const entry: Pending = {
          resolve,
          reject,
          done: false,
          detach: () => signal?.removeEventListener('abort', onAbort),
          ...(maxBytes === undefined ? {} : { maxBytes }),
        };
        pending.push(entry);
        signal?.addEventListener('abort', onAbort, { once: true });
        child?.stdin.write(`${sha}\n`);
      });
    },
    async close() {
      const running = child;
      if (running === undefined || running.exitCode !== null) return;
      // Held while it ends: an unreferenced child would let the process exit mid-await.
      hold(true);
      await new Promise<void>((resolve) => {
        running.once('close', () => resolve());
        running.stdin.end();
      });
    },
  };
}
