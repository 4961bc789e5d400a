import { describe, expect, it } from 'vitest';
import { shareAnswers } from '../../src/review/shared-answers';
import type { ReviewRequest, ReviewResult } from '../../src/service/types';
import { reviewResult } from '../support/review-result';

const request = (code: string, focus: ReviewRequest['focus_areas'] = ['security']): ReviewRequest => ({ code, language: 'python', focus_areas: focus });

describe('shareAnswers', () => {
  it('sends a request once per content, language, focus areas and service, and every other request again', async () => {
    const sent: string[] = [];
    const answer = reviewResult();
    const shared = shareAnswers();
    const reviewOnce = shared.wrap((r) => {
      sent.push(`${r.code}|${(r.focus_areas ?? []).join(',')}`);
      return Promise.resolve(answer);
    }, 'https://api.example.com');
    const signal = new AbortController().signal;

    expect(await reviewOnce(request('a = 1'), { signal })).toBe(answer);
    expect(await reviewOnce(request('a = 1'), { signal })).toBe(answer);
    await reviewOnce(request('a = 1', ['performance']), { signal });
    await reviewOnce(request('b = 2'), { signal });
    // Another service is its own: the same content is sent to it.
    await shared.wrap((r) => (sent.push(`other:${r.code}`), Promise.resolve(answer)), 'https://other.example.com')(request('a = 1'), { signal });

    expect(sent).toEqual(['a = 1|security', 'a = 1|performance', 'b = 2|security', 'other:a = 1']);
  });

  it('keeps no failure: a request that failed is sent again', async () => {
    let calls = 0;
    const reviewOnce = shareAnswers().wrap((): Promise<ReviewResult> => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('503')) : Promise.resolve(reviewResult());
    }, 'https://api.example.com');
    const signal = new AbortController().signal;

    await expect(reviewOnce(request('a = 1'), { signal })).rejects.toThrow('503');
    await reviewOnce(request('a = 1'), { signal });
    expect(calls).toBe(2);
  });
});
