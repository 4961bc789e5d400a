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
import { CatFileAnswers } from './cat-file-answers';
import { PendingReads } from './pending-reads';

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

type CatFile = ChildProcessByStdio<Writable, Readable, null>;

/**
 * `env`: the environment git runs with (the terminal command's own, as for its diff; the action's
 * process's by default). `closeWhenIdle`: the process ends whenever no read is pending, and the
 * next read starts another, for an owner that never calls `close()`: reads made together still
 * share one process, and none is left behind.
 */
export function openGitObjects(cwd: string, env: NodeJS.ProcessEnv = gitEnvironment(), options: { closeWhenIdle?: boolean } = {}): GitObjects {
  return new CatFileObjects(cwd, env, options.closeWhenIdle === true);
}

class CatFileObjects implements GitObjects {
  /** The running process; undefined before the first read, and between reads when idle ones close. */
  private child: CatFile | undefined;
  /** The first failure of the process: every read after it fails with it. */
  private failure: Error | undefined;
  private readonly pending = new PendingReads();
  private readonly answers = new CatFileAnswers({
    limit: () => this.pending.nextLimit(),
    answered: (bytes) => {
      this.pending.answerNext(bytes);
      this.afterAnswer();
    },
    refused: (size) => {
      this.pending.refuseNext(new BlobTooLargeError(size));
      this.afterAnswer();
    },
  });

  constructor(
    private readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly closeWhenIdle: boolean,
  ) {}

  read(sha: string, signal?: AbortSignal, maxBytes?: number): Promise<Buffer | undefined> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (!isObjectName(sha)) return Promise.resolve(undefined);
    const child = (this.child ??= this.start());
    this.hold(true);
    const answer = this.pending.add(signal, maxBytes);
    child.stdin.write(`${sha}\n`);
    return answer;
  }

  async close(): Promise<void> {
    const running = this.child;
    if (running === undefined || running.exitCode !== null) return;
    // Held while it ends: an unreferenced child would let the process exit mid-await.
    this.hold(true);
    await new Promise<void>((resolve) => {
      running.once('close', () => resolve());
      running.stdin.end();
    });
  }

  private start(): CatFile {
    const git = spawn('git', [...NO_PROGRAM_ARGS, 'cat-file', '--batch'], { cwd: this.cwd, env: noProgramEnv(this.env), stdio: ['pipe', 'pipe', 'ignore'] });
    git.stdout.on('data', (chunk: Buffer) => this.answers.push(chunk));
    git.on('error', (error) => this.fail(new Error(`git cat-file could not run: ${error.message}`)));
    git.on('close', (code) => {
      // One ended for being idle (closeWhenIdle) has answered every read it was given.
      if (this.child === git) this.fail(new Error(`git cat-file ended (exit ${code ?? 'signal'}) before answering`));
    });
    git.stdin.on('error', () => undefined);
    return git;
  }

  /** Once no read waits, the process stops holding the event loop, or ends (closeWhenIdle). */
  private afterAnswer(): void {
    if (!this.pending.empty) return;
    this.hold(false);
    if (this.closeWhenIdle && this.child !== undefined) {
      // Forgotten first, so that its end fails no read: the next read starts a new one.
      const idle = this.child;
      this.child = undefined;
      idle.stdin.end();
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.pending.failAll(this.failure);
  }

  /** Whether the process (and its pipes) keep the event loop alive. */
  private hold(active: boolean): void {
    if (this.child === undefined) return;
    for (const handle of [this.child, this.child.stdout, this.child.stdin] as Array<{ ref?(): void; unref?(): void }>) {
      if (active) handle.ref?.();
      else handle.unref?.();
    }
  }
}
