/**
 * Findings as annotations (workflow commands, and the check run's): those on added lines, and
 * those the gate counts in `gate-scope: added` without placing them on one. GitHub keeps only so
 * many workflow annotations of each level per step, so the most severe are chosen and the rest
 * counted. Annotations are plain text, not markdown.
 */
import type { Severity } from '../domain/vocabulary';
import type { LabelledFinding } from '../domain/findings';
import { describeFlag, describeLine } from '../locate/label';
import { keptFromFailingByRule } from '../domain/finding-effect';
import { plainText } from './markdown/sanitize';
import { SEVERITY_LABEL, compareFindings } from './markdown/severity';
import { INJECTED_FINDING, INJECTION_MARK } from './markdown/injection';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface PlannedAnnotation {
  level: AnnotationLevel;
  path: string;
  line: number;
  /** One line, plain text. */
  title: string;
  /** One line, plain text: the message, then the suggestion. */
  message: string;
  finding: LabelledFinding;
}

export interface AnnotationPlan {
  annotations: PlannedAnnotation[];
  /** Findings on added lines left out by the caps, in total… */
  omitted: number;
  /** …and by level. */
  omittedByLevel: Record<AnnotationLevel, number>;
}

export type AnnotationCaps = Readonly<Record<AnnotationLevel, number>>;

const LEVEL: Readonly<Record<Severity, AnnotationLevel>> = { error: 'error', warning: 'warning', info: 'notice' };
const MAX_TITLE = 200;
const MAX_MESSAGE = 2_000;

/** Annotations are plain text: the received severity of an unknown one, without markdown. */
function reportedAsText(f: LabelledFinding): string {
  return f.reportedSeverity === undefined ? '' : ` (reported as ${f.reportedSeverity.slice(0, 40)})`;
}

/**
 * A security flag says so, a finding the gate does not count for a stated reason says why, and one
 * a policy rule keeps from failing the check says which rule.
 */
function flagText(f: LabelledFinding): string {
  const flag = describeFlag(f);
  const byRule = keptFromFailingByRule(f);
  return `${flag === '' ? '' : `, ${flag}`}${f.uncounted === undefined ? '' : `, not counted (${f.uncounted})`}${byRule === undefined ? '' : `, does not fail the check (${byRule})`}${f.possibleInjection === true ? `, ${INJECTION_MARK}` : ''}`;
}

/**
 * Where a finding's annotation goes. Findings the gate counts without seeing them on an added
 * line are annotated too, saying why, so a failed check never points at nothing: in a file whose
 * diff GitHub did not send, on the line the service named; at a line that cannot be placed, on
 * the file's first line.
 */
function annotatedLine(f: LabelledFinding): { line: number; note: string } {
  if (f.location === 'impossible-line' || f.line === null || !Number.isInteger(f.line) || f.line < 1) {
    return { line: 1, note: ` at ${describeLine(f)}, which cannot be placed` };
  }
  return { line: f.line, note: f.location === 'diff-unknown' ? ', in a file whose diff GitHub did not send' : '' };
}

export function planAnnotations(findings: LabelledFinding[], caps: AnnotationCaps): AnnotationPlan {
  const { chosen, omittedByLevel } = chooseAnnotated(findings, caps);
  const omitted = omittedByLevel.error + omittedByLevel.warning + omittedByLevel.notice;
  return { annotations: chosen.map(annotationOf), omitted, omittedByLevel };
}

/**
 * The findings that get an annotation within `caps`, in their order (most severe first), and how
 * many of each level the caps left out. Choosing renders nothing: a caller that keeps only the
 * first few renders only those (`annotationOf`), not every finding of the run.
 */
export function chooseAnnotated(findings: LabelledFinding[], caps: AnnotationCaps): { chosen: LabelledFinding[]; omittedByLevel: Record<AnnotationLevel, number> } {
  for (const level of ['error', 'warning', 'notice'] as const) {
    if (!Number.isInteger(caps[level]) || caps[level] < 0) {
      throw new TypeError(`Expected \`caps.${level}\` to be an integer from 0 and up, got ${String(caps[level])}`);
    }
  }
  const onAdded = findings
    // A suppressed or dismissed finding is listed in the summary with its reason, not flagged in
    // the diff; a flag an issue stands for is that issue's annotation.
    .filter((f) => f.disposition === undefined && f.sameAs === undefined && (f.location === 'added-line' || f.location === 'diff-unknown' || f.location === 'impossible-line'))
    // Within a level, what the gate counts first: a flag shown under `security-flags: report` never takes its place.
    .sort((a, b) => Number(b.counts) - Number(a.counts) || compareFindings(a, b));
  const used: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const omittedByLevel: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const chosen: LabelledFinding[] = [];
  for (const f of onAdded) {
    const level = LEVEL[f.severity];
    if (used[level] >= caps[level]) {
      omittedByLevel[level]++;
      continue;
    }
    used[level]++;
    chosen.push(f);
  }
  return { chosen, omittedByLevel };
}

/** A chosen finding's annotation: its level, place, title and message as plain text. */
export function annotationOf(f: LabelledFinding): PlannedAnnotation {
  const suggestion = f.suggestion.trim() === '' ? '' : ` Suggestion: ${f.suggestion}`;
  const { line, note } = annotatedLine(f);
  return {
    level: LEVEL[f.severity],
    path: f.path,
    line,
    title: plainText(`review-gate: ${SEVERITY_LABEL[f.severity].word}${reportedAsText(f)}${flagText(f)}${note}`, MAX_TITLE),
    message: plainText(`${f.message}${suggestion}${f.possibleInjection === true ? ` ${INJECTED_FINDING}` : ''}`, MAX_MESSAGE),
    finding: f,
  };
}
