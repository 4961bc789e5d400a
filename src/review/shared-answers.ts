/**
 * Answers shared by the reviews of one run: when a run judges several pull requests of one head
 * (the two-stage set-up), a file both change to the same content is sent once. Keyed like the
 * result cache (cache.ts: content, language, focus areas, service), so a request that differs in
 * any of them — another policy's focus areas, say — is its own. Held in memory for the run only,
 * answers only: a request that failed is sent again. The result cache, when `cache-dir` is set,
 * shares answers across runs as well.
 */
import { cacheKey } from './cache';
import type { ReviewOnce } from './cached-review';
import type { ReviewResult } from '../service/types';

export interface SharedAnswers {
  /** `reviewOnce`, answered from the answers already given in this run when it can. */
  wrap(reviewOnce: ReviewOnce, baseUrl: string): ReviewOnce;
}

export function shareAnswers(): SharedAnswers {
  const answers = new Map<string, ReviewResult>();
  return {
    wrap: (reviewOnce, baseUrl) => async (request, options) => {
      const key = cacheKey(request, baseUrl);
      const known = answers.get(key);
      if (known !== undefined) return known;
      const answer = await reviewOnce(request, options);
      answers.set(key, answer);
      return answer;
    },
  };
}
