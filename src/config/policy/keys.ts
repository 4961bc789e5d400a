/**
 * What a policy file may say: the allowlist of its keys, in one place. Top-level keys are the
 * action's inputs of the gate and of the file selection, read by the input's own parser
 * (settings.ts), so a value is valid in the file exactly when it is valid as an input. A rule may
 * set the subset that can differ from one file to another. A new gate input that a policy should
 * set is added to POLICY_INPUTS (and to RULE_INPUTS when it can differ per path) and to
 * `PolicyInputs` in settings.ts; docs/review-gate.schema.json lists the same keys (a test checks).
 */
import type { PolicyInputs } from '../settings-types';

/** Where the policy file lives, from the repository's root: read at the base commit, never the head. */
export const POLICY_PATH = '.github/review-gate.yml';

/** The top-level keys, each the input's name → its field of the settings. */
export const POLICY_INPUTS = {
  'focus-areas': 'focusAreas',
  include: 'include',
  exclude: 'exclude',
  'fail-on-severity': 'failOnSeverity',
  'gate-scope': 'gateScope',
  'min-score': 'minScore',
  'score-baseline': 'scoreBaseline',
  'max-comments': 'maxComments',
  'on-incomplete': 'onIncomplete',
  'comment-severity': 'commentSeverity',
  'security-flags': 'securityFlags',
  'injection-check': 'injectionCheck',
  'suppressions-need-approval': 'suppressionsNeedApproval',
} as const satisfies Record<string, keyof PolicyInputs>;

export type PolicyKey = keyof typeof POLICY_INPUTS;

/** The keys a rule may set besides `paths`: what can differ from one file to another. */
export const RULE_INPUTS = ['focus-areas', 'fail-on-severity', 'min-score', 'gate-scope', 'comment-severity', 'injection-check'] as const satisfies readonly PolicyKey[];

export type RuleKey = (typeof RULE_INPUTS)[number];

/** Keys whose value may be a YAML list (the inputs take a comma- or newline-separated list). */
export const LIST_INPUTS: ReadonlySet<string> = new Set<PolicyKey>(['focus-areas', 'include', 'exclude']);

/** The largest policy file read: a policy is a few lines; anything far bigger is a mistake. */
export const MAX_POLICY_BYTES = 64 * 1024;
