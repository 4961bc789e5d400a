/**
 * The service's pace kept in the result cache's folder for the next run: one signed file per
 * service (named by the hash of its URL) in `pace/` beside the entries, read and written through
 * the cache's own no-follow file access (cache.ts), signed and judged by pace-file.ts. A pace that
 * cannot be trusted is said in a warning, one that is only stale in a line of the log; either way
 * the run learns the pace again. Nothing here throws.
 */
import { createHash } from 'node:crypto';
import { StalePaceError, createPaceCodec } from './pace-file';
import type { LearnedRate } from './rate-window';

/** The service's pace, kept for the next run. Neither method throws. */
export interface PaceStore {
  /** The pace an earlier run stored for this service, unless there is none, or it is not trusted, or it is stale. */
  load(): Promise<LearnedRate | undefined>;
  save(rate: LearnedRate): Promise<void>;
}

/** The cache folder's file access (cache.ts): no link followed, a failure never thrown. */
export interface CacheFiles {
  /**
   * The text of `name` in `folder`; undefined when it is absent or the folder is not used;
   * `unusable` says why the file cannot be used (a link, too large, unreadable), naming it `noun`.
   */
  read(folder: string, name: string, limits: { maxBytes: number; noun: string }): Promise<{ text: string } | { unusable: string } | undefined>;
  /** Writes `name` in `folder`; a failure is one warning per run. */
  write(folder: string, name: string, text: string): Promise<void>;
}

export interface PaceStoreOptions {
  files: CacheFiles;
  /** The folder of the pace files. */
  folder: string;
  /** The cache folder as shown in messages. */
  dir: string;
  /** The service's base URL: the pace is its. */
  baseUrl: string;
  /** The API key, to sign with. */
  secret: string;
  log: { warning(message: string): void; info?(message: string): void };
  /** The clock a pace's age is read against, ms since the epoch; default Date.now. */
  now?: () => number;
}

/** A stored pace is a few dozen bytes. */
const MAX_PACE_BYTES = 4096;

export function createPaceStore(options: PaceStoreOptions): PaceStore {
  const { files, folder, dir, baseUrl, log } = options;
  const now = options.now ?? Date.now;
  const codec = createPaceCodec(options.secret);
  const name = `${createHash('sha256').update(baseUrl).digest('hex').slice(0, 32)}.json`;

  const ignored = (why: string): undefined => {
    log.warning(
      `The result cache in ${dir}: the review service's stored pace was ignored (${why}) and is learned again. ` +
        "Only a pace this action stored, signed with this run's api-key, counts.",
    );
    return undefined;
  };

  return {
    async load() {
      const read = await files.read(folder, name, { maxBytes: MAX_PACE_BYTES, noun: 'pace file' });
      if (read === undefined) return undefined;
      if ('unusable' in read) return ignored(read.unusable);
      try {
        const rate = codec.decode(read.text, baseUrl, now());
        log.info?.(`Starting at the review service's pace an earlier run learned: ${describeRate(rate)} (stored in ${dir}).`);
        return rate;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!(error instanceof StalePaceError)) return ignored(reason);
        log.info?.(`Not using the review service's pace stored in ${dir}: ${reason}; it is learned again.`);
        return undefined;
      }
    },
    save: (rate) => files.write(folder, name, codec.encode(baseUrl, { budget: rate.budget, windowMs: Math.ceil(rate.windowMs) }, now())),
  };
}

/** `10 requests per 1.01 s`. */
export function describeRate(rate: LearnedRate): string {
  return `${rate.budget} request${rate.budget === 1 ? '' : 's'} per ${(rate.windowMs / 1000).toFixed(2)} s`;
}
