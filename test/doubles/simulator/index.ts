/** The local Code Assistance API simulator (see README.md beside this file). */
export {
  startSimulator,
  DEFAULT_CONTEXT_LIMIT_TOKENS,
  MAX_BODY_BYTES,
  type RequestLogEntry,
  type RunningSimulator,
  type SimulatorOptions,
} from './server';
export {
  COMPLETE_ONLY_KEY,
  DEFAULT_DAILY_LIMIT,
  DEFAULT_KEYS,
  DEFAULT_RPM,
  DEMO_KEY,
  REVIEW_ONLY_KEY,
  type KeyConfig,
  type Scope,
} from './keys';
export type { Fault, FaultKind, FaultReply, FaultRequest, FaultSpec, FaultTarget } from './faults';
export {
  LONG_LINE_LIMIT,
  qualityScore,
  REVIEW_ANSWER_TOKENS,
  REVIEW_MODEL,
  REVIEW_RULES,
  reviewCode,
  type ReviewAnswer,
  type ReviewRule,
  type SecurityFlag,
  type SimulatedIssue,
} from './rules';
export { completeRequest, streamPieces, type CompletionAnswer } from './completion';
export { DOCS_URL, ERROR_CATALOGUE } from './errors';
export { istDay, secondsUntilDailyReset } from './limits';
