/**
 * The simulator's reviewer: a table of per-line rules, so reviews are deterministic, carry real
 * 1-based line numbers, and their score moves with the findings. Where a rule can rewrite the
 * line, its suggestion is the full replacement line (same indentation), fit for a GitHub
 * suggested change; otherwise the suggestion is prose.
 */
import { REVIEW_LANGUAGES, SEVERITIES, type FocusArea, type ReviewLanguage, type Severity } from '../../../src/domain/vocabulary';
import type { ReviewIssue } from '../../../src/domain/review-answer';
import type { ReviewResult } from '../../../src/service/types';
import type { ValidReviewRequest } from './validate';

export interface ReviewRule {
  id: string;
  languages: readonly ReviewLanguage[];
  /** With `focus_areas` given, only rules of those areas fire. */
  focus: FocusArea;
  severity: Severity;
  /** True when `suggestion` returns the whole replacement line rather than prose. */
  replacesLine: boolean;
  matches(line: string): boolean;
  message(line: string): string;
  suggestion(line: string, language: ReviewLanguage): string;
  /** General advice added to `suggestions` once when the rule fires. */
  advice: string;
  /** The weakness a security rule's flag names, as `CWE-<n>`. */
  cwe?: string;
}

/** An issue as the simulator sends it: the line is always a real 1-based line. */
export type SimulatedIssue = Pick<ReviewIssue, 'severity' | 'message' | 'suggestion'> & {
  line: number;
};

/** Element of `security_flags` (its shape is not documented; this is the simulator's choice). */
export interface SecurityFlag {
  /** The rule id, e.g. `hardcoded-secret`. */
  type: string;
  line: number;
  severity: Severity;
  message: string;
  /** `CWE-<n>`, for rules that name one. */
  cwe?: string;
}

export type ReviewAnswer = Omit<ReviewResult, 'issues' | 'security_flags' | 'requestId'> & {
  issues: SimulatedIssue[];
  security_flags: SecurityFlag[];
};

export const REVIEW_MODEL = 'service-1';
/** Tokens added to the code's estimate for the answer itself. */
export const REVIEW_ANSWER_TOKENS = 50;
export const LONG_LINE_LIMIT = 120;

const JS_TS = ['javascript', 'typescript'] as const;

const SECRET_ASSIGNMENT =
  /(?:password|passwd|secret|api[_-]?key|access[_-]?key|token)[\w-]*["']?(?:\s*:\s*[A-Za-z_][\w<>]*)?\s*(?::=|=|:)\s*[rb]?["'][^"'\s]{4,}["']/i;
const AWS_ACCESS_KEY = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/;
const LOOSE_EQUALITY = /(^|[^=!<>])(==|!=)(?!=)/g;

function envLookup(language: ReviewLanguage): string {
  switch (language) {
    case 'python':
      return 'os.environ["NAME"]';
    case 'go':
      return 'os.Getenv("NAME")';
    case 'rust':
      return 'std::env::var("NAME")';
    default:
      return 'process.env.NAME';
  }
}

export const REVIEW_RULES: readonly ReviewRule[] = [
  {
    id: 'no-eval',
    languages: ['python', ...JS_TS],
    focus: 'security',
    severity: 'error',
    replacesLine: false,
    matches: (line) => /(^|[^\w.])eval\s*\(/.test(line),
    message: () => 'eval() runs arbitrary code; with untrusted input this is code injection.',
    suggestion: (_line, language) =>
      language === 'python'
        ? 'Use ast.literal_eval() for literals, or parse the input explicitly.'
        : 'Use JSON.parse() or an explicit lookup table instead of evaluating strings.',
    advice: 'Never evaluate strings as code; parse input into data instead.',
    cwe: 'CWE-95',
  },
  {
    id: 'hardcoded-secret',
    languages: REVIEW_LANGUAGES,
    focus: 'security',
    severity: 'error',
    replacesLine: false,
    matches: (line) => SECRET_ASSIGNMENT.test(line) || AWS_ACCESS_KEY.test(line),
    message: () => 'Hard-coded secret: anyone who can read the repository can use it.',
    suggestion: (_line, language) =>
      `Read the secret from the environment (${envLookup(language)}) or a secret store, and rotate the exposed value.`,
    advice: 'Keep secrets out of source code; load them from the environment or a secret manager.',
    cwe: 'CWE-798',
  },
  {
    id: 'tls-verification-disabled',
    languages: ['python', 'go', ...JS_TS],
    focus: 'security',
    severity: 'error',
    replacesLine: true,
    matches: (line) =>
      /verify\s*=\s*False\b|InsecureSkipVerify\s*:\s*true\b|rejectUnauthorized\s*:\s*false\b/.test(
        line,
      ),
    message: () => 'TLS certificate verification is disabled, which allows man-in-the-middle attacks.',
    suggestion: (line) =>
      line
        .replace(/verify(\s*)=(\s*)False\b/, 'verify$1=$2True')
        .replace(/InsecureSkipVerify(\s*):(\s*)true\b/, 'InsecureSkipVerify$1:$2false')
        .replace(/rejectUnauthorized(\s*):(\s*)false\b/, 'rejectUnauthorized$1:$2true'),
    advice: 'Keep TLS certificate verification on; trust a private CA explicitly if you need one.',
    cwe: 'CWE-295',
  },
  {
    id: 'rust-transmute',
    languages: ['rust'],
    focus: 'security',
    severity: 'error',
    replacesLine: false,
    matches: (line) => /\btransmute\s*(?:::\s*<[^>]*>\s*)?\(/.test(line),
    message: () => 'mem::transmute reinterprets the bits of a value: undefined behaviour when the types do not match.',
    suggestion: () => 'Convert with From/TryFrom, or a safe method such as f32::from_bits.',
    advice: 'Avoid transmute; convert between types explicitly.',
    cwe: 'CWE-843',
  },
  {
    id: 'rust-unsafe',
    languages: ['rust'],
    focus: 'security',
    severity: 'warning',
    replacesLine: false,
    matches: (line) => /\bunsafe\s*\{/.test(line),
    message: () => 'unsafe block: the compiler no longer checks memory safety here.',
    suggestion: () => 'Use a safe API, or document the invariants in a // SAFETY: comment.',
    advice: 'Keep unsafe code small, isolated and documented.',
  },
  {
    id: 'bare-except',
    languages: ['python'],
    focus: 'best_practices',
    severity: 'warning',
    replacesLine: true,
    matches: (line) => /^\s*except\s*:/.test(line),
    message: () => 'Bare except: also catches KeyboardInterrupt and SystemExit.',
    suggestion: (line) => line.replace(/except\s*:/, 'except Exception:'),
    advice: 'Catch the narrowest exception type that you can handle.',
  },
  {
    id: 'rust-unwrap',
    languages: ['rust'],
    focus: 'best_practices',
    severity: 'warning',
    replacesLine: true,
    matches: (line) => line.includes('.unwrap()'),
    message: () => '.unwrap() panics on None or Err with no context.',
    suggestion: (line) => line.replaceAll('.unwrap()', '.expect("explain why this cannot fail")'),
    advice: 'Propagate errors with ? and reserve expect() for true invariants.',
  },
  {
    id: 'go-panic',
    languages: ['go'],
    focus: 'best_practices',
    severity: 'warning',
    replacesLine: false,
    matches: (line) => /(^|[^\w.])panic\s*\(/.test(line),
    message: () => 'panic() aborts the program; callers cannot recover from it gracefully.',
    suggestion: () => 'Return an error to the caller instead of panicking.',
    advice: 'Return errors instead of panicking in library code.',
  },
  {
    id: 'console-log',
    languages: JS_TS,
    focus: 'best_practices',
    severity: 'warning',
    replacesLine: false,
    matches: (line) => /\bconsole\.log\s*\(/.test(line),
    message: () => 'console.log left in the code.',
    suggestion: () => "Remove the debug output or use the project's logger.",
    advice: 'Use a logger with levels instead of console.log.',
  },
  {
    id: 'loose-equality',
    languages: JS_TS,
    focus: 'best_practices',
    severity: 'warning',
    replacesLine: true,
    matches: (line) => new RegExp(LOOSE_EQUALITY.source).test(line),
    message: (line) =>
      /[=!]=\s*null\b/.test(line)
        ? '== null also matches undefined; compare strictly and handle undefined explicitly.'
        : 'Loose equality (== / !=) coerces types; use === / !==.',
    suggestion: (line) => line.replace(LOOSE_EQUALITY, '$1$2='),
    advice: 'Use strict equality (=== and !==) everywhere.',
  },
  {
    id: 'debugger-statement',
    languages: JS_TS,
    focus: 'best_practices',
    severity: 'warning',
    replacesLine: false,
    matches: (line) => /(^|[;{}\s])debugger\s*(;|$)/.test(line),
    message: () => 'debugger statement left in the code.',
    suggestion: () => 'Remove the debugger statement.',
    advice: 'Remove debugging leftovers before merging.',
  },
  {
    id: 'ts-any',
    languages: ['typescript'],
    focus: 'best_practices',
    severity: 'info',
    replacesLine: false,
    matches: (line) => /:\s*any\b|\bas\s+any\b|<any>|\bany\[\]/.test(line),
    message: () => 'The any type turns off type checking.',
    suggestion: () => 'Use a precise type, or unknown with a type guard.',
    advice: 'Prefer precise types or unknown over any.',
  },
  {
    id: 'todo-comment',
    languages: REVIEW_LANGUAGES,
    focus: 'readability',
    severity: 'info',
    replacesLine: false,
    matches: (line) => /\b(TODO|FIXME)\b/.test(line),
    // Quotes the comment, as real reviewers do: this is how text a pull request's author wrote
    // reaches the action through the service (mentions, markdown, forged markers and all).
    message: (line) => {
      const note = line.slice(line.search(/\b(TODO|FIXME)\b/)).trim();
      return `Unresolved ${note.length > 120 ? `${note.slice(0, 119)}…` : note}`;
    },
    suggestion: () => 'Resolve it before merging, or link it to a tracked issue.',
    advice: 'Track open work in issues rather than in comments.',
  },
  {
    id: 'long-line',
    languages: REVIEW_LANGUAGES,
    focus: 'readability',
    severity: 'info',
    replacesLine: false,
    matches: (line) => line.length > LONG_LINE_LIMIT,
    message: (line) => `Line is ${line.length} characters long (limit ${LONG_LINE_LIMIT}).`,
    suggestion: () => `Wrap the line to at most ${LONG_LINE_LIMIT} characters.`,
    advice: `Keep lines at most ${LONG_LINE_LIMIT} characters long.`,
  },
  {
    id: 'select-star',
    languages: REVIEW_LANGUAGES,
    focus: 'performance',
    severity: 'info',
    replacesLine: false,
    matches: (line) => /\bSELECT\s+\*\s+FROM\b/i.test(line),
    message: () => 'SELECT * reads and transfers every column.',
    suggestion: () => 'Select only the columns the code uses.',
    advice: 'Fetch only the data you need from the database.',
  },
];

const SEVERITY_WEIGHT: Readonly<Record<Severity, number>> = { error: 15, warning: 5, info: 1 };

/** `max(0, 100 − 15·errors − 5·warnings − 1·infos)`. */
export function qualityScore(issues: readonly Pick<SimulatedIssue, 'severity'>[]): number {
  const penalty = issues.reduce((sum, issue) => sum + SEVERITY_WEIGHT[issue.severity], 0);
  return Math.max(0, 100 - penalty);
}

/** Estimated tokens of a text: `ceil(chars / 4)`, as for the context limit. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function splitLines(code: string): string[] {
  if (code === '') return [];
  const lines = code.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The review the simulator answers for a valid request. */
export function reviewCode(request: ValidReviewRequest): ReviewAnswer {
  const lines = splitLines(request.code);
  const rules = REVIEW_RULES.filter(
    (rule) =>
      rule.languages.includes(request.language) &&
      (request.focusAreas.length === 0 || request.focusAreas.includes(rule.focus)),
  );
  const issues: SimulatedIssue[] = [];
  const securityFlags: SecurityFlag[] = [];
  const fired = new Set<ReviewRule>();
  lines.forEach((text, index) => {
    for (const rule of rules) {
      if (!rule.matches(text)) continue;
      fired.add(rule);
      const issue: SimulatedIssue = {
        severity: rule.severity,
        line: index + 1,
        message: rule.message(text),
        suggestion: rule.suggestion(text, request.language),
      };
      issues.push(issue);
      if (rule.focus === 'security') {
        const { line, severity, message } = issue;
        securityFlags.push({ type: rule.id, line, severity, message, ...(rule.cwe === undefined ? {} : { cwe: rule.cwe }) });
      }
    }
  });
  const counts = SEVERITIES.map((severity) =>
    plural(issues.filter((i) => i.severity === severity).length, severity),
  );
  const where = `${plural(lines.length, 'line')} of ${request.language}`;
  const summary =
    issues.length === 0
      ? `Reviewed ${where}: no issues found.`
      : `Reviewed ${where}: ${counts.join(', ')}.`;
  return {
    model: REVIEW_MODEL,
    summary,
    issues,
    suggestions: REVIEW_RULES.filter((rule) => fired.has(rule)).map((rule) => rule.advice),
    security_flags: securityFlags,
    quality_score: qualityScore(issues),
    usage: { total_tokens: estimateTokens(request.code) + REVIEW_ANSWER_TOKENS },
    latency_ms: 80 + 2 * lines.length,
  };
}
