/**
 * The reads waiting for one `git cat-file --batch`, oldest first, as git answers them. A read whose
 * signal aborts is settled at once but keeps its place: its answer still comes, and is dropped.
 */

interface Pending {
  resolve(bytes: Buffer | undefined): void;
  reject(error: Error): void;
  /** Settled early (aborted): its answer is read and dropped. */
  done: boolean;
  maxBytes: number | undefined;
  /** Stops listening to the read's signal, once it is answered or has failed. */
  detach(): void;
}

export class PendingReads {
  private readonly queue: Pending[] = [];

  get empty(): boolean {
    return this.queue.length === 0;
  }

  /** The size limit of the read answered next. */
  nextLimit(): number | undefined {
    return this.queue[0]?.maxBytes;
  }

  /** A read put at the end of the queue: settled by its answer, by a failure, or when `signal` aborts. */
  add(signal: AbortSignal | undefined, maxBytes: number | undefined): Promise<Buffer | undefined> {
    return new Promise<Buffer | undefined>((resolve, reject) => {
      const onAbort = (): void => {
        if (entry.done) return;
        entry.done = true;
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      // The signal is the whole queue's: a listener left on it would keep the read's bytes for the
      // rest of the run, and make every later listener's registration walk past all of them.
      const entry: Pending = { resolve, reject, done: false, maxBytes, detach: () => signal?.removeEventListener('abort', onAbort) };
      this.queue.push(entry);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Gives the oldest read its answer: the bytes, or undefined for none. */
  answerNext(bytes: Buffer | undefined): void {
    this.takeNext()?.resolve(bytes);
  }

  /** Fails the oldest read with `error`, an answer it does not take. */
  refuseNext(error: Error): void {
    this.takeNext()?.reject(error);
  }

  /** Fails every read waiting. */
  failAll(error: Error): void {
    for (const entry of this.queue.splice(0)) {
      entry.detach();
      if (!entry.done) entry.reject(error);
    }
  }

  /** The oldest read, out of the queue and off its signal; undefined when none or already settled. */
  private takeNext(): Pending | undefined {
    const next = this.queue.shift();
    next?.detach();
    if (next === undefined || next.done) return undefined;
    next.done = true;
    return next;
  }
}
