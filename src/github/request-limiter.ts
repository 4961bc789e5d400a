/**
 * The limiter @octokit/plugin-throttling schedules GitHub requests on, given to it through its
 * public `throttle.Bottleneck` option (the one meant for a clustered Bottleneck) in place of
 * Bottleneck itself.
 *
 * Why not Bottleneck: its in-process store yields to the event loop on a zero-delay timer at each
 * step of a job (three store steps, then the job's start), and each timer waits a millisecond at
 * least. The throttling plugin passes every request through two of its limiters, so a GET on
 * loopback took about 13 ms more than undici alone. Bottleneck has no option to change that, and
 * its last release (2.19.5) is years old. The plugin uses a small part of its API, which this
 * class implements, and nothing more:
 * - `schedule([options,] fn, ...args)`: runs `fn` when the limiter allows, resolving as it does;
 *   options `priority` (0 first, default 5) and `weight` (0: the job takes no place; the plugin's
 *   retries);
 * - `maxConcurrent` (unbounded when absent) and `minTime` (ms between two starts);
 * - `on('failed', listener)`: a failed job is retried after the number of ms the listener gives
 *   (none: the job fails), holding its place meanwhile, as Bottleneck does;
 * - `Group` (`key(id)` gives one limiter per id) and `Events` (the plugin's own rate-limit events).
 * A job starts as soon as it may: on the same turn of the event loop, never on a timer.
 *
 * @octokit/plugin-retry keeps its own Bottleneck (it has no such option): one limiter a request.
 */

/** What the plugin passes with a job. `expiration` is for clustering only, and is not used. */
export interface JobOptions {
  priority?: number;
  weight?: number;
}

export interface LimiterOptions {
  /** Jobs running at once; absent or null: no bound. */
  maxConcurrent?: number | null;
  /** Milliseconds between the starts of two jobs (default 0). */
  minTime?: number;
}

type Job = (...args: unknown[]) => unknown;
type FailedListener = (error: unknown, info: { args: unknown[]; retryCount: number }) => unknown;

interface Queued {
  priority: number;
  weight: number;
  run: () => Promise<void>;
}

const DEFAULT_PRIORITY = 5;

/** Listeners by event name; `trigger` gives the first answer a listener returned (Bottleneck's semantics). */
export class LimiterEvents {
  private readonly listeners = new Map<string, Array<(...args: unknown[]) => unknown>>();

  /** Gives `target` an `on(name, listener)`, as Bottleneck's `Events` does. */
  constructor(target: object) {
    Object.assign(target, {
      on: (name: string, listener: (...args: unknown[]) => unknown) => {
        this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
        return target;
      },
    });
  }

  /** Calls every listener of `name`; a listener that throws triggers `error` and answers nothing. */
  async trigger(name: string, ...args: unknown[]): Promise<unknown> {
    const answers = await Promise.all(
      (this.listeners.get(name) ?? []).map(async (listener) => {
        try {
          return await listener(...args);
        } catch (error) {
          if (name !== 'error') await this.trigger('error', error);
          return undefined;
        }
      }),
    );
    return answers.find((answer) => answer !== undefined && answer !== null);
  }
}

export class GitHubRequestLimiter {
  static readonly Group = class LimiterGroup {
    private readonly limiters = new Map<string, GitHubRequestLimiter>();
    constructor(private readonly options: LimiterOptions = {}) {}

    key(id = ''): GitHubRequestLimiter {
      let limiter = this.limiters.get(id);
      if (limiter === undefined) {
        limiter = new GitHubRequestLimiter(this.options);
        this.limiters.set(id, limiter);
      }
      return limiter;
    }
  };

  static readonly Events = LimiterEvents;

  private readonly maxConcurrent: number;
  private readonly minTime: number;
  private readonly queue: Queued[] = [];
  private readonly failedListeners: FailedListener[] = [];
  private running = 0;
  private nextStartAt = 0;
  private wakeUp: NodeJS.Timeout | undefined;

  constructor(options: LimiterOptions = {}) {
    const { maxConcurrent, minTime = 0 } = options;
    if (maxConcurrent !== undefined && maxConcurrent !== null && (!Number.isInteger(maxConcurrent) || maxConcurrent < 1)) {
      throw new TypeError(`Expected \`maxConcurrent\` to be a whole number from 1 up, or null, got ${String(maxConcurrent)}`);
    }
    if (!Number.isFinite(minTime) || minTime < 0) throw new TypeError(`Expected \`minTime\` to be a number of ms from 0 up, got ${String(minTime)}`);
    this.maxConcurrent = maxConcurrent ?? Number.POSITIVE_INFINITY;
    this.minTime = minTime;
  }

  /** Only `failed` is listened for: the plugin retries a rate-limited request through it. */
  on(event: string, listener: FailedListener): this {
    if (event === 'failed') this.failedListeners.push(listener);
    return this;
  }

  schedule(...given: unknown[]): Promise<unknown> {
    const [options, job, args] = typeof given[0] === 'function'
      ? [{}, given[0] as Job, given.slice(1)]
      : [(given[0] ?? {}) as JobOptions, given[1] as Job, given.slice(2)];
    if (typeof job !== 'function') return Promise.reject(new TypeError('Expected a function to schedule'));
    return new Promise((resolve, reject) => {
      const queued: Queued = {
        priority: options.priority ?? DEFAULT_PRIORITY,
        weight: options.weight ?? 1,
        run: () => this.runWithRetries(job, args).then(resolve, reject),
      };
      // After every job of the same or a higher priority (a lower number), before the others.
      const at = this.queue.findIndex((other) => other.priority > queued.priority);
      this.queue.splice(at === -1 ? this.queue.length : at, 0, queued);
      this.drain();
    });
  }

  private async runWithRetries(job: Job, args: unknown[]): Promise<unknown> {
    for (let retryCount = 0; ; retryCount++) {
      try {
        return await job(...args);
      } catch (error) {
        const delay = await this.retryDelay(error, { args, retryCount });
        if (delay === undefined) throw error;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** The first delay a `failed` listener gives, in ms; undefined: do not retry. */
  private async retryDelay(error: unknown, info: { args: unknown[]; retryCount: number }): Promise<number | undefined> {
    for (const listener of this.failedListeners) {
      let answer: unknown;
      try {
        answer = await listener(error, info);
      } catch {
        answer = undefined;
      }
      if (typeof answer === 'number' && Number.isFinite(answer)) return Math.max(0, answer);
    }
    return undefined;
  }

  /** Starts every job that may start now; when `minTime` holds the next one back, wakes up for it. */
  private drain(): void {
    while (this.queue.length > 0) {
      const next = this.queue[0] as Queued;
      if (next.weight > 0 && this.running + next.weight > this.maxConcurrent) return;
      const now = Date.now();
      if (this.minTime > 0 && now < this.nextStartAt) {
        this.wakeUp ??= setTimeout(() => {
          this.wakeUp = undefined;
          this.drain();
        }, this.nextStartAt - now);
        return;
      }
      this.queue.shift();
      this.nextStartAt = now + this.minTime;
      this.running += next.weight;
      void next.run().finally(() => {
        this.running -= next.weight;
        this.drain();
      });
    }
  }
}
