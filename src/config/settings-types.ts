/**
 * The shape of the run's settings and their defaults: what `readSettings` (settings.ts) returns.
 * Data only; every input is read and validated in settings.ts.
 */
import type { DismissMode, FailOnSeverity, FocusArea, GateScope, InjectionCheckMode, OnIncomplete, ScoreBaseline, SecurityFlagsMode, Severity } from '../domain/vocabulary';

export interface Settings {
  /** Service key (`svc_live_…`). Masked by the caller as soon as it is read. */
  apiKey: string;
  /** Service base URL without `/v1`, no trailing slash. */
  apiUrl: string;
  /** Plain http to a host other than loopback is allowed (with a warning on every run). */
  allowInsecureHttp: boolean;
  /** Token for the GitHub API. */
  githubToken: string;
  /** Focus areas sent with each review; empty = the service's default. */
  focusAreas: FocusArea[];
  /** Globs a path must match to be reviewed; empty = every path. */
  include: string[];
  /** The user's own globs (the `exclude` input) of paths skipped; empty when it is unset or `none`. */
  exclude: string[];
  /**
   * The default exclude list, in force while `exclude` is unset (else empty). A pull request
   * chooses its own file names, so a file in a supported language that it matches is not
   * reviewed (incomplete), never skipped; an extensionless file is skipped unless it is a script.
   */
  defaultExcludes: string[];
  /** Files reviewed at most; the rest are not reviewed (incomplete), each with that reason. */
  maxFiles: number;
  /** Files larger than this many bytes are not reviewed (incomplete), each with that reason. */
  maxFileSize: number;
  /** How long the review may run; files not reviewed by then are incomplete. In milliseconds. */
  maxDurationMs: number;
  /** Review requests in flight at most. */
  concurrency: number;
  /** Retries of one request on transient failures. */
  maxRetries: number;
  /** Per-request timeout, in milliseconds. */
  requestTimeoutMs: number;
  /** The lowest severity that fails the check, or `never`. */
  failOnSeverity: FailOnSeverity;
  /** Which findings count toward the gate: on added lines only, or anywhere in the file. */
  gateScope: GateScope;
  /** The check fails when a reviewed file's quality score is below this (0 = never). */
  minScore: number;
  /** What the check does when some file could not be reviewed: fail, pass, or neither (neutral). */
  onIncomplete: OnIncomplete;
  /** `base`: a modified or renamed file fails min-score only when it also scores below its base version. */
  scoreBaseline: ScoreBaseline;
  /** Write a check run carrying the verdict on the pull request's head commit. */
  checkRun: boolean;
  /** The check run's name: the one to mark as required. */
  checkName: string;
  /** Pull request number for events that carry none; undefined = take it from the event. */
  prNumber: number | undefined;
  /** Inline comments posted per run at most; the rest are listed in the summary. */
  maxComments: number;
  /** The lowest severity posted as an inline comment; findings below it are listed in the summary only. */
  commentSeverity: Severity;
  /** Compute everything, post nothing, print what would be posted. */
  dryRun: boolean;
  /** Whose `/review-gate dismiss <reason>` replies take a finding out of the gate: those of people with write access, or nobody's. */
  dismiss: DismissMode;
  /** Whether the answer's security flags count like findings of their severity (`gate`) or are only shown (`report`). */
  securityFlags: SecurityFlagsMode;
  /** `on`: a second review of each file with its comments and strings blanked; the gate takes the stricter answer. */
  injectionCheck: InjectionCheckMode;
  /** A `review-gate-ignore` marker the pull request adds counts only once someone with write access approved its head. */
  suppressionsNeedApproval: boolean;
  /** Where to write the run's SARIF 2.1.0 file for code scanning; '' = no file. */
  sarifFile: string;
  /** Ask the completion service for a short walkthrough atop the summary comment. */
  walkthrough: boolean;
  /** A draft pull request gets a neutral check run saying why, and no review. */
  skipDrafts: boolean;
  /**
   * Folder of the review-result cache, as given: '' = the entry point's default (none for the
   * action, the user's cache folder for the terminal command). Resolved by `src/review/cache-dir.ts`.
   */
  cacheDir: string;
  /** The policy file read at the change's base commit, whose top level is already applied above; undefined: none (inputs alone). */
  policy?: Policy;
}

/**
 * The inputs a policy file may set too (config/policy/keys.ts), read by the same parsers whether
 * they come from the workflow or from the file.
 */
export type PolicyInputs = Pick<
  Settings,
  | 'focusAreas'
  | 'include'
  | 'exclude'
  | 'defaultExcludes'
  | 'failOnSeverity'
  | 'gateScope'
  | 'minScore'
  | 'scoreBaseline'
  | 'maxComments'
  | 'onIncomplete'
  | 'commentSeverity'
  | 'securityFlags'
  | 'injectionCheck'
  | 'suppressionsNeedApproval'
>;

/**
 * The settings a policy file cannot change: what may be read before the policy is (the check run
 * goes in progress first, the client is built once), and still be the value in force after it.
 */
export type OutsidePolicy = Omit<Settings, keyof PolicyInputs>;

/** One rule of a policy file: the files it matches, and what it sets for them. */
export interface PolicyRule {
  /** 1-based, as the file lists the rules. */
  number: number;
  /** Globs with the syntax of `include` (a glob without a `/` matches the file name in any folder). */
  paths: string[];
  settings: Partial<Pick<PolicyInputs, 'focusAreas' | 'failOnSeverity' | 'minScore' | 'gateScope' | 'commentSeverity' | 'injectionCheck'>>;
  /** The keys it sets (input names), in the file's order. */
  keys: string[];
}

/** A valid policy file (config/policy/parse.ts), read at a commit. */
export interface Policy {
  path: string;
  /** The commit it was read at: the change's base. */
  commit: string;
  /** What the top level sets, overriding the workflow's inputs. */
  settings: Partial<PolicyInputs>;
  /** The top-level keys it sets, in the file's order, with their values as the input reads them. */
  set: Array<{ key: string; value: string }>;
  rules: PolicyRule[];
}

/** Reads one input by name; returns '' when it is not set (as `core.getInput` does). */
export type InputReader = (name: string) => string;

export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/node_modules/**',
  '**/vendor/**',
  'dist/**',
  '**/*.min.js',
  '**/*.min.mjs',
  '**/*.bundle.js',
  '**/*.generated.*',
  '**/*.pb.go',
  '**/*_pb2.py',
  '**/*.lock',
  '**/package-lock.json',
  '**/pnpm-lock.yaml',
  '**/go.sum',
];

/**
 * The most max-files accepts. Through the GitHub API a pull request lists at most 3,000 files
 * (GITHUB_LISTED_FILES_CAP); a checkout with both commits has no cap, and this bounds a run's time
 * and memory (10,000 files take about 45 minutes at 2 s a review and concurrency 8).
 */
export const MAX_FILES_LIMIT = 10_000;

export const DEFAULTS = {
  maxFiles: 300,
  maxFileSize: 100_000,
  maxDurationMinutes: 30,
  concurrency: 4,
  maxRetries: 3,
  requestTimeoutSeconds: 60,
  failOnSeverity: 'error',
  gateScope: 'added',
  minScore: 0,
  onIncomplete: 'fail',
  scoreBaseline: 'none',
  checkRun: true,
  checkName: 'review-gate',
  maxComments: 25,
  commentSeverity: 'info',
  dismiss: 'maintainers',
  securityFlags: 'gate',
  injectionCheck: 'on',
  suppressionsNeedApproval: false,
} as const;
