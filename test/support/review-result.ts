import type { ReviewResult } from '../../src/service/types';

/** A valid review answer, as the client hands it back; override what the test is about. */
export function reviewResult(overrides: Partial<ReviewResult> = {}): ReviewResult {
  return {
    model: 'service-1',
    summary: '',
    issues: [],
    suggestions: [],
    security_flags: [],
    quality_score: 90,
    usage: { total_tokens: 100 },
    latency_ms: 1,
    ...overrides,
  };
}
