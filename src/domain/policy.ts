/**
 * The policy file's effect, as every later stage reads it: the settings each file is reviewed and
 * judged with, and what the run applied. Decided once (config/policy/resolve.ts) and carried, never
 * worked out again by a surface.
 */
import type { FailOnSeverity, FocusArea, GateScope, InjectionCheckMode, SecurityFlagsMode, Severity } from './vocabulary';

/**
 * The settings one file is reviewed and judged with: the run's (the inputs, then the policy
 * file's top level), then every policy rule whose `paths` match it, in order, the later winning.
 */
export interface FileSettings {
  /** Sent with its review request; empty = the service's default. */
  focusAreas: FocusArea[];
  failOnSeverity: FailOnSeverity;
  minScore: number;
  gateScope: GateScope;
  /** The lowest severity posted as an inline comment (`comment-severity`). */
  commentSeverity: Severity;
  /** Whether security flags count (`security-flags`): set for the whole run, never per path. */
  securityFlags: SecurityFlagsMode;
  /** Whether the file gets injection-check's second review (`injection-check`); absent: `on`. */
  injectionCheck?: InjectionCheckMode;
  /** The policy's rules matching the path, by number (1-based, as the file lists them), in order. */
  rules: number[];
  /** Each setting a rule decided, by its key (the input's name), with the number of that rule: the last matching one that sets it. */
  decidedBy: Readonly<Record<string, number>>;
}

/** The policy file of a run, as the surfaces show it. */
export interface PolicyReport {
  /** Where the file is looked for, from the repository's root. */
  path: string;
  /** What the run applied; undefined when the base commit has no policy file (the inputs alone). */
  applied?: {
    /** The base commit it was read at. */
    commit: string;
    /** The top-level keys it sets, in the file's order, each with its value as the input would read it. */
    set: Array<{ key: string; value: string }>;
    rules: Array<{ number: number; paths: string[] }>;
  };
  /** The change under review adds, edits or removes the file: that applies once it is merged, never to its own run. */
  changedHere: boolean;
}
