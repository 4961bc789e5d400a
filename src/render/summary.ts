/**
 * The run's summary in markdown: the pull-request summary comment (found again by
 * `SUMMARY_MARKER` and edited on every push) and the Actions job summary, from one renderer.
 * Layout: verdict and reasons, a per-file table, findings not posted inline, skipped and failed
 * files, tokens used. Everything the service or a pull request's author wrote is sanitized.
 */
import type { FileOutcome, FindingLocation, GateVerdict, LabelledFinding, PlannedComment } from '../types';
import { SUMMARY_MARKER } from './markers';
import { inlineCode, inlineText } from './sanitize';
import type { FindingGroup } from './summary-sections';
import {
  LOCATION_TITLE,
  failedSection,
  filesTable,
  findingsSection,
  more,
  skippedSection,
} from './summary-sections';

export interface SummaryInput {
  verdict: GateVerdict;
  /** Every file of the run: reviewed, skipped or failed. */
  files: FileOutcome[];
  /** Findings on added lines past `max-comments`. */
  overflow: LabelledFinding[];
  /** Findings not on an added line; grouped by their `location`. */
  notCommentable: LabelledFinding[];
  /** Inline comments GitHub would not take (422); the review landed without them. */
  rejected: PlannedComment[];
  /** What the review posted; omitted in a dry run or when nothing could be posted. */
  inline?: { posted: number; alreadyPresent: number };
  tokensUsed: number;
  /** The head commit reviewed. */
  headSha?: string;
  /** Nothing was posted to the pull request. */
  dryRun?: boolean;
}

export interface SummaryOptions {
  /** Start with `SUMMARY_MARKER` (the pull-request comment), or not (the job summary). */
  marker: boolean;
  /** At most this many characters: 65,536 for a comment; the job summary allows 1 MiB. */
  maxLength: number;
}

/** GitHub's limit on a comment body. */
export const MAX_SUMMARY_COMMENT_LENGTH = 65_536;
const MIN_LENGTH = 1_000;
/** Items per list tried in turn until the summary fits. */
const CAPS = [100, 50, 25, 10, 5, 2, 0] as const;
const ORDER: readonly FindingLocation[] = ['diff-context', 'outside-diff', 'diff-unknown', 'impossible-line', 'added-line'];

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function verdictSection(v: GateVerdict, cap: number): string {
  const reasons = v.reasons.map((r) => inlineText(r, 300));
  const shown = reasons.slice(0, Math.max(1, cap));
  const rest = reasons.length - shown.length;
  const text = [...shown, ...(rest > 0 ? [more(rest, 'reasons')] : [])].join('; ');
  const line =
    v.result === 'passed'
      ? `## ✅ Passed${text === '' ? '' : `: ${text}`}`
      : `## ❌ Failed${text === '' ? '' : `: ${text}`}`;
  const notices = v.notices.slice(0, cap).map((n) => `- ℹ️ ${inlineText(n, 300)}`);
  const noticesRest = v.notices.length - notices.length;
  if (noticesRest > 0) notices.push(`- ${more(noticesRest, 'notices')}`);
  return [line, ...(notices.length > 0 ? ['', ...notices] : [])].join('\n');
}

function factsSection(input: SummaryInput): string {
  const v = input.verdict;
  const count = (kind: FileOutcome['kind']): number => input.files.filter((f) => f.kind === kind).length;
  const facts = [
    `${plural(count('reviewed'), 'file', 'files')} reviewed, ${count('skipped')} skipped, ${count('failed')} failed`,
    `counted by the gate: ${plural(v.counted.error, 'error', 'errors')}, ${plural(v.counted.warning, 'warning', 'warnings')}, ${plural(v.counted.info, 'info', 'infos')}`,
  ];
  if (v.lowestScore !== undefined) {
    const avg = v.averageScore === undefined ? '' : `, average ${Math.round(v.averageScore * 10) / 10}`;
    facts.push(`lowest quality score ${v.lowestScore}${avg}`);
  }
  if (input.inline !== undefined) {
    facts.push(
      `${plural(input.inline.posted, 'inline comment', 'inline comments')} posted, ${input.inline.alreadyPresent} already present`,
    );
  }
  const lines = [`${facts.join(' · ')}.`];
  if (input.dryRun === true) lines.unshift('**Dry run:** nothing was posted to the pull request.');
  return lines.join('\n\n');
}

function footer(input: SummaryInput): string {
  const parts = [`Tokens used: ${input.tokensUsed.toLocaleString('en-US')}`];
  if (input.headSha !== undefined && input.headSha !== '') {
    parts.push(`reviewed at ${inlineCode(input.headSha.slice(0, 12), 20)}`);
  }
  return `<sub>${parts.join(' · ')} · review-gate</sub>`;
}

function groups(input: SummaryInput): FindingGroup[] {
  const byLocation = ORDER.map((location) => ({
    title: LOCATION_TITLE[location],
    findings: input.notCommentable.filter((f) => f.location === location),
  }));
  return [
    { title: 'Over the inline-comment limit (max-comments)', findings: input.overflow },
    { title: 'Rejected by GitHub', findings: input.rejected.map((c) => c.finding) },
    ...byLocation,
  ];
}

function render(input: SummaryInput, options: SummaryOptions, cap: number): string {
  const sections = [
    options.marker ? SUMMARY_MARKER : '',
    verdictSection(input.verdict, cap),
    factsSection(input),
    filesTable(input.files, cap),
    findingsSection(groups(input), cap),
    failedSection(input.files, cap),
    skippedSection(input.files, cap),
    footer(input),
  ];
  return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
}

/**
 * Renders the summary within `options.maxLength` characters by showing fewer items per list
 * ("… and N more") until it fits; the verdict, counts and footer always stay.
 */
export function renderSummary(input: SummaryInput, options: SummaryOptions): string {
  if (!Number.isInteger(options.maxLength) || options.maxLength < MIN_LENGTH) {
    throw new TypeError(
      `Expected \`maxLength\` to be an integer from ${MIN_LENGTH} and up, got ${String(options.maxLength)}`,
    );
  }
  for (const cap of CAPS) {
    const text = render(input, options, cap);
    if (text.length <= options.maxLength) return text;
  }
  // Only reachable when a tiny maxLength meets many lists: keep the verdict, drop the details.
  const minimal = [
    options.marker ? SUMMARY_MARKER : '',
    verdictSection(input.verdict, 0),
    factsSection(input),
    '_The details did not fit in this summary; see the job summary and the log._',
  ].filter((s) => s !== '');
  const text = `${minimal.join('\n\n')}\n`;
  return text.length <= options.maxLength ? text : `${text.slice(0, options.maxLength - 2).trimEnd()}…\n`;
}
