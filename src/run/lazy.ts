/**
 * The review publisher and the reader of replies, each loaded when it is first used: a run that
 * stops before it writes, or does not need them, never parses their modules, and the entry point's
 * first review request goes out sooner.
 */
import type { ReviewPublisher } from '../domain/writes';
import type { ReviewFeedback } from '../domain/feedback';

/** The review publisher, its module loaded at the first write. */
export function lazyPublisher(load: () => Promise<ReviewPublisher>): ReviewPublisher {
  let loaded: Promise<ReviewPublisher> | undefined;
  const get = (): Promise<ReviewPublisher> => (loaded ??= load());
  return {
    postReview: async (...args) => (await get()).postReview(...args),
    upsertSummary: async (...args) => (await get()).upsertSummary(...args),
  };
}

/** The reader of replies and closer of threads (GraphQL among them), its module loaded at first use. */
export function lazyFeedback(load: () => Promise<ReviewFeedback>): ReviewFeedback {
  let loaded: Promise<ReviewFeedback> | undefined;
  const get = (): Promise<ReviewFeedback> => (loaded ??= load());
  return {
    read: async (...args) => (await get()).read(...args),
    closeFixed: async (...args) => (await get()).closeFixed(...args),
  };
}
