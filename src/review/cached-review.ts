/**
 * The review call with the result cache in front of it. The review stage asks `lookup` before a
 * file enters the service queue, so a cached file takes no slot, no rate budget and no wait; every
 * call that does reach the service (`reviewOnce`) stores its answer. Any other caller of
 * `reviewOnce` (a base version reviewed for a score baseline, say) is served from the cache too.
 */
import { createResultCache } from './cache';
import type { PaceStore, ResultCache, ResultCacheOptions } from './cache';
import type { ReviewRequest, ReviewResult } from '../service/types';

export type ReviewOnce = (request: ReviewRequest, options: { signal: AbortSignal; path?: string }) => Promise<ReviewResult>;

export interface CachedReview {
  reviewOnce: ReviewOnce;
  /** The cached answer for this request, or undefined; `path` names the file in warnings. */
  lookup(request: ReviewRequest, path: string): Promise<ReviewResult | undefined>;
  /** Where the answers are kept, for the log. */
  readonly dir: string;
  /** One warning for the entries ignored so far (forged, from another key, damaged), if any. */
  reportIgnored(): void;
}

export function withResultCache(reviewOnce: ReviewOnce, cache: ResultCache): CachedReview {
  // Keys just looked up and not found: the call that follows goes straight out, without reading
  // (or warning about) the same entry twice.
  const missed = new Set<string>();

  const lookup = async (request: ReviewRequest, path: string): Promise<ReviewResult | undefined> => {
    const key = cache.key(request);
    const hit = await cache.get(key, path);
    if (hit === undefined) missed.add(key);
    return hit;
  };

  return {
    dir: cache.dir,
    lookup,
    reportIgnored: () => cache.reportIgnored(),
    async reviewOnce(request, options) {
      const key = cache.key(request);
      if (!missed.has(key)) {
        const hit = await lookup(request, options.path ?? 'a file');
        if (hit !== undefined) return hit;
      }
      const result = await reviewOnce(request, options);
      await cache.put(key, result);
      // Stored now: the next call for the same content reads it.
      missed.delete(key);
      return result;
    },
  };
}

/**
 * The pipeline's review call: through the cache in `dir`, or straight to the service without one;
 * with the cache, the store of the service's pace (kept for the next run).
 * Without an API key (`secret`) there is nothing to sign entries with, so no cache either; both
 * entry points require the key before they get here.
 */
export function cachedReviewDeps(
  reviewOnce: ReviewOnce,
  options: Omit<ResultCacheOptions, 'dir'> & { dir: string | undefined },
): { reviewOnce: ReviewOnce; cache?: CachedReview; paceStore?: PaceStore } {
  const { dir } = options;
  if (dir === undefined || options.secret === '') return { reviewOnce };
  const store = createResultCache({ ...options, dir });
  const cached = withResultCache(reviewOnce, store);
  return { reviewOnce: cached.reviewOnce, cache: cached, paceStore: store.pace };
}
