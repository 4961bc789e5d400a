/** How each changed file ended, and the base-version scores some are judged against. */
import type { LabelledFinding } from './findings';
import type { PromptInjectionMark } from './injection';
import type { FileSettings } from './policy';
import type { ReviewLanguage } from './vocabulary';

/** How one file ended. Every candidate and every skipped file ends as exactly one of these. */
export type FileOutcome =
  | {
      kind: 'reviewed';
      path: string;
      /** The file's name at the base, when the pull request renamed it. */
      previousPath?: string;
      language: ReviewLanguage;
      /** The service's `quality_score`, as sent (0–100; the client refuses anything else). */
      score: number;
      /** The service's overview of the file. */
      summary: string;
      /** The service's general recommendations for the file. */
      suggestions: string[];
      /** Tokens the answer cost in this run (0 when it came from the cache). */
      tokens: number;
      findings: LabelledFinding[];
      /** Answered from the result cache: no request to the service in this run. */
      fromCache?: boolean;
      /** The settings it was reviewed and judged with (the policy's rules); absent: the run's. */
      settings?: FileSettings;
      /** Set only when the file's own text changed its review (injection-check's second review said otherwise). */
      injection?: PromptInjectionMark;
    }
  | { kind: 'skipped'; path: string; reason: string }
  | {
      kind: 'failed';
      path: string;
      reason: string;
      /** The service's error code, when there was one. */
      code?: string;
      requestId?: string;
      /** The settings it would have been judged with; absent: the run's. */
      settings?: FileSettings;
    };

/**
 * The quality score of a modified or renamed file's version at the base commit
 * (`score-baseline: base`), or why there is none: the file is then judged on its own score.
 */
export type BaseScore = { kind: 'scored'; score: number } | { kind: 'unavailable'; reason: string };

/** The code of a file the review never reached because `api-url` does not lead to the review service. */
export const MISCONFIGURED_CODE = 'service_misconfigured';

/**
 * Service failures that say nothing about the code: the service could not judge it (a rejected
 * key, the daily limit, an outage, an `api-url` that leads nowhere). A file not reviewed for one
 * of these makes the verdict's reason `could-not-run` rather than `incomplete`.
 */
export const COULD_NOT_RUN_CODES: ReadonlySet<string> = new Set([
  'authentication_failed',
  'insufficient_scope',
  'daily_limit_exceeded',
  'rate_limit_exceeded',
  'overloaded',
  'inference_error',
  'network_error',
  'timeout',
  MISCONFIGURED_CODE,
]);
