/**
 * The run's summary in markdown: the pull-request summary comment (found again by
 * `SUMMARY_MARKER` and edited on every push) and the Actions job summary, from one renderer.
 * Layout: verdict and reasons, a per-file table, every security flag, findings not posted inline,
 * the findings posted inline (listed in the job summary, counted elsewhere), what the service
 * says of each file, skipped and failed files, tokens used. Everything the service or a pull request's author wrote is sanitized.
 */
import { largestFitting } from './largest-fitting';
import { BlockWriter, CollectingWriter, MeasuringWriter, measureText } from './summary-writer';
import type { LineWriter } from './summary-writer';
import { shortSha } from '../../domain/object-name';
import { plural } from '../../domain/words';
import type { FileOutcome } from '../../domain/outcomes';
import type { FindingLocation } from '../../domain/findings';
import { failingFiles, reasonTexts } from '../../domain/verdict';
import type { GateVerdict } from '../../domain/verdict';
import { SUMMARY_MARKER } from '../../domain/markers';
import { countedFacts } from '../counted';
import { dispositionsSection, fixedSection, refusedSetAside, setAside } from './dispositions-section';
import { securityFlagsOf, securityFlagsSection } from './flags-section';
import { filesWithNotes, notesSection } from './notes-section';
import { injectionSection, markedFiles } from './injection-section';
import { addedSuppressions, suppressionsSection, waitingForApproval } from './suppressions-section';
import { inlineItem, inlineSection } from './inline-section';
import { policySection, ruledFiles } from './policy-section';
import { keptByRule, keptByRuleSection } from './kept-section';
import { blockText, inlineCode, inlineText } from '../markdown/sanitize';
import { MAX_WALKTHROUGH_LENGTH } from '../../domain/run-report';
import type { WalkthroughOutcome } from '../../domain/run-report';
import type { FindingGroup, Room } from './summary-sections';
import {
  LOCATION_TITLE,
  failedSection,
  filesTable,
  findingItem,
  findingsSection,
  more,
  skippedSection,
} from './summary-sections';

export type { RenderedSummary, SummaryInput, SummaryOptions } from './summary-input';
import type { RenderedSummary, SummaryInput, SummaryOptions } from './summary-input';
import type { InlineFinding } from './inline-section';

/** GitHub's limit on a comment body. */
export const MAX_SUMMARY_COMMENT_LENGTH = 65_536;
const MIN_LENGTH = 1_000;
const ORDER: readonly FindingLocation[] = ['diff-context', 'outside-diff', 'diff-unknown', 'impossible-line', 'added-line'];


/** The summary's first words: a contract tests and readers rely on (`## ❌ Failed: …`). */
export const VERDICT_HEADING: Readonly<Record<GateVerdict['result'], string>> = {
  passed: '✅ Passed',
  failed: '❌ Failed',
  neutral: '⚪ Neutral',
};

function verdictSection(v: GateVerdict, room: Room): string {
  const reasons = reasonTexts(v).map((r) => inlineText(r, 300));
  const shown = reasons.slice(0, Math.max(1, room.cap));
  const rest = reasons.length - shown.length;
  const text = [...shown, ...(rest > 0 ? [more(rest, 'reasons', room.restListedIn)] : [])].join('; ');
  const line = `## ${VERDICT_HEADING[v.result]}${text === '' ? '' : `: ${text}`}`;
  const notices = v.notices.slice(0, room.cap).map((n) => `- ℹ️ ${inlineText(n, 300)}`);
  const noticesRest = v.notices.length - notices.length;
  if (noticesRest > 0) notices.push(`- ${more(noticesRest, 'notices', room.restListedIn)}`);
  return [line, ...(notices.length > 0 ? ['', ...notices] : [])].join('\n');
}
function factsSection(input: SummaryInput): string {
  const v = input.verdict;
  const count = (kind: FileOutcome['kind']): number => input.files.filter((f) => f.kind === kind).length;
  const cached = input.files.filter((f) => f.kind === 'reviewed' && f.fromCache === true).length;
  const fromCache = cached > 0 ? ` (${cached} from the cache)` : '';
  const facts = [
    `${plural(count('reviewed'), 'file', 'files')} reviewed${fromCache}, ${count('skipped')} skipped, ${count('failed')} not reviewed`,
    // Said beside the counts, so counted warnings are not read as failing the check when they do not.
    ...countedFacts(v, input.files),
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
  if (input.annotationsLeftOut !== undefined) lines.push(`ℹ️ ${inlineText(input.annotationsLeftOut, 600)}`);
  if (input.dryRun === true && input.local !== true) lines.unshift('**Dry run:** nothing was posted to the pull request.');
  if (input.mergeGroup !== undefined) lines.unshift(mergeGroupLine(input.mergeGroup));
  if (input.checkRun !== undefined) lines.unshift(`⚠️ ${inlineText(input.checkRun, 600)}`);
  if (input.summaryComment !== undefined) lines.unshift(`⚠️ ${inlineText(input.summaryComment, 600)}`);
  return lines.join('\n\n');
}

/**
 * Which merge group was reviewed and what of it: the pull request its queue branch names (the
 * newest of the group), and the two commits. Nothing is posted: there is no pull request.
 */
function mergeGroupLine(group: NonNullable<SummaryInput['mergeGroup']>): string {
  const which = group.pulls.length > 0 ? `of ${group.pulls.map((n) => `#${n}`).join(', ')}` : inlineCode(group.headRef === '' ? 'without a head_ref' : group.headRef, 200);
  const range = inlineCode(`${group.baseSha.slice(0, 12)}...${group.headSha.slice(0, 12)}`, 40);
  return (
    `**Merge group ${which}:** reviewed the changes ${range}, what the queue would merge. ` +
    `Nothing is posted to a pull request: the check run on ${inlineCode(group.headSha.slice(0, 12), 20)} carries this verdict.`
  );
}

/** Text the completion service wrote: untrusted like every answer, so sanitized as a block. */
function walkthroughSection(walkthrough: WalkthroughOutcome | undefined): string {
  if (walkthrough === undefined) return '';
  if (walkthrough.kind === 'failed') return `_${inlineText(walkthrough.message, 300)}_`;
  return `### Walkthrough\n\n${blockText(walkthrough.text, MAX_WALKTHROUGH_LENGTH + 200)}`;
}

function footer(input: SummaryInput): string {
  const parts = [`Tokens used: ${input.tokensUsed.toLocaleString('en-US')}`];
  if (input.headSha !== undefined && input.headSha !== '') {
    parts.push(`reviewed at ${inlineCode(shortSha(input.headSha), 20)}`);
  }
  return `<sub>${parts.join(' · ')} · review-gate</sub>`;
}

/** What was reviewed, as a sentence starts with it. */
function changeName(input: SummaryInput): string {
  return input.mergeGroup === undefined ? (input.local === true ? 'This change' : 'This pull request') : 'This merge group';
}

/** There is no pull request to post to: a local run, or a merge group. */
function nothingToPostTo(input: SummaryInput): boolean {
  return input.local === true || input.mergeGroup !== undefined;
}

/** The lists of findings not posted inline; security flags are listed in a section of their own. */
function groups(input: SummaryInput): FindingGroup[] {
  const byLocation = ORDER.map((location) => ({
    title: LOCATION_TITLE[location],
    findings: input.notCommentable.filter((f) => f.location === location),
  }));
  const all = [
    { title: nothingToPostTo(input) ? 'On added lines' : 'On added lines (their inline comments were not posted)', findings: input.notPosted ?? [] },
    { title: 'Over the inline-comment limit (max-comments)', findings: input.overflow },
    { title: 'Below comment-severity', findings: input.belowCommentSeverity ?? [] },
    { title: 'Rejected by GitHub', findings: input.rejected.map((c) => c.finding) },
    ...byLocation,
  ];
  return all.map((group) => ({ ...group, findings: group.findings.filter((f) => f.source !== 'security-flag') }));
}

function measure(text: string, options: SummaryOptions): number {
  return measureText(text, options.unit ?? 'characters');
}

function describeLimit(options: SummaryOptions): string {
  return options.unit === 'utf8-bytes'
    ? `${Math.floor(options.maxLength / 1024).toLocaleString('en-US')} KiB`
    : `${options.maxLength.toLocaleString('en-US')} characters`;
}

/** Writes the summary with at most `room.cap` items a list, its sections a blank line apart. */
function render(out: LineWriter, input: SummaryInput, options: SummaryOptions, room: Room, complete: boolean): void {
  const cutNote =
    complete || options.restListedIn === undefined
      ? ''
      : `_Not every item fits in this summary (GitHub allows ${describeLimit(options)}): what is left out is listed in ${options.restListedIn}._`;
  const sections = new BlockWriter(out);
  sections.text(options.marker ? SUMMARY_MARKER : '');
  sections.text(walkthroughSection(input.walkthrough));
  sections.text(verdictSection(input.verdict, room));
  sections.text(factsSection(input));
  sections.text(cutNote);
  policySection(sections.next(), input.policy, input.files, room, changeName(input));
  keptByRuleSection(sections.next(), input.files, room);
  filesTable(sections.next(), input.files, room, failingFiles(input.verdict), input.baselines);
  injectionSection(sections.next(), input.files, room);
  securityFlagsSection(sections.next(), input.files, room);
  // A local run or a merge group posts nothing, so no finding is "not posted".
  findingsSection(sections.next(), groups(input), room, nothingToPostTo(input) ? 'Findings' : undefined);
  suppressionsSection(sections.next(), input.files, room, changeName(input));
  inlineSection(sections.next(), input.inlineFindings, room, options.listInline === true);
  dispositionsSection(sections.next(), input.files, room, input.feedbackProblem);
  fixedSection(sections.next(), input.threads, room);
  notesSection(sections.next(), input.files, room);
  failedSection(sections.next(), input.files, room);
  skippedSection(sections.next(), input.files, room);
  sections.text(footer(input));
}

/** The summary's length with `room`, measured as it is written: no text is kept. */
function lengthWith(input: SummaryInput, options: SummaryOptions, room: Room, complete: boolean): number {
  const out = new MeasuringWriter(options.unit ?? 'characters');
  render(out, input, options, room, complete);
  return out.length;
}

/** The summary's markdown with `room`. */
function textWith(input: SummaryInput, options: SummaryOptions, room: Room, complete: boolean): string {
  const out = new CollectingWriter();
  render(out, input, options, room, complete);
  return out.text();
}

/** The length of every finding line the findings lists would show, each with its line break. */
function listedFindingsLength(input: SummaryInput, options: SummaryOptions): number {
  let length = 0;
  for (const group of groups(input)) for (const f of group.findings) length += measure(findingItem(f), options) + 1;
  for (const inline of listedInline(input, options)) length += measure(inlineItem(inline), options) + 1;
  return length;
}

/** The findings posted inline that this summary lists one by one (the job summary's), else none. */
function listedInline(input: SummaryInput, options: SummaryOptions): readonly InlineFinding[] {
  return options.listInline === true ? (input.inlineFindings ?? []) : [];
}

/** The longest list of the summary: with that many items per list, nothing is left out. */
function longestList(input: SummaryInput, options: SummaryOptions): number {
  const kinds = (['reviewed', 'failed', 'skipped'] as const).map((k) => input.files.filter((f) => f.kind === k).length);
  const findings = [...groups(input).map((g) => g.findings.length), listedInline(input, options).length];
  const noted = filesWithNotes(input.files);
  const others = [
    setAside(input.files).length,
    refusedSetAside(input.files).length,
    input.threads?.left.length ?? 0,
    securityFlagsOf(input.files).length,
    markedFiles(input.files).length,
    waitingForApproval(input.files).length,
    addedSuppressions(input.files).length,
    ruledFiles(input.files).length,
    keptByRule(input.files).length,
    noted.length,
    ...noted.map((f) => f.suggestions.length),
  ];
  return Math.max(input.verdict.reasons.length, input.verdict.notices.length, input.files.length, ...kinds, ...findings, ...others);
}

/**
 * Renders the summary within `options.maxLength`: every item when it fits, otherwise as many
 * items per list as fit (found by a search that measures each try and keeps none), each cut list
 * saying how many it left out and where they are. The verdict, counts and footer always stay.
 */
export function renderSummaryWithin(input: SummaryInput, options: SummaryOptions): RenderedSummary {
  if (!Number.isInteger(options.maxLength) || options.maxLength < MIN_LENGTH) {
    throw new TypeError(
      `Expected \`maxLength\` to be an integer from ${MIN_LENGTH} and up, got ${String(options.maxLength)}`,
    );
  }
  const room = (cap: number): Room =>
    options.restListedIn === undefined ? { cap } : { cap, restListedIn: options.restListedIn };
  const all = longestList(input, options);
  // The lines of the findings lists alone are a floor of the whole text's length: over the limit,
  // the whole summary cannot fit, and is not built (for 30,000 findings, strings of megabytes).
  const floor = listedFindingsLength(input, options);
  const whole = floor > options.maxLength ? undefined : lengthWith(input, options, room(all), true);
  if (whole !== undefined && whole <= options.maxLength) return { markdown: textWith(input, options, room(all), true), complete: true };

  // Lengths grow with the cap: the largest cap that fits, each cap tried interpolated from the
  // lengths already measured, so the search measures a handful of summaries near the answer (plain
  // bisection measured about fifteen, the first with half of every list), and writes out one.
  const fits = largestFitting(all, whole ?? floor, options.maxLength, (cap) => ({ length: lengthWith(input, options, room(cap), false), value: cap })).value;
  if (fits !== undefined) return { markdown: textWith(input, options, room(fits), false), complete: false };

  // Only reachable when a tiny maxLength meets many lists: keep the verdict, drop the details.
  const minimal = [
    options.marker ? SUMMARY_MARKER : '',
    verdictSection(input.verdict, room(0)),
    factsSection(input),
    '_The details did not fit in this summary; see the job summary and the log._',
  ].filter((s) => s !== '');
  const text = `${minimal.join('\n\n')}\n`;
  const markdown = measure(text, options) <= options.maxLength ? text : cutToFit(text, options);
  return { markdown, complete: false };
}

/** The last resort: the longest start of the text that fits, never a character in half, then an ellipsis. */
function cutToFit(text: string, options: SummaryOptions): string {
  const chars = Array.from(text);
  const ending = (n: number): string => `${chars.slice(0, n).join('').trimEnd()}…\n`;
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(ending(mid), options) <= options.maxLength) low = mid;
    else high = mid - 1;
  }
  return ending(low);
}

/** `renderSummaryWithin`, for callers that only need the markdown. */
export function renderSummary(input: SummaryInput, options: SummaryOptions): string {
  return renderSummaryWithin(input, options).markdown;
}
