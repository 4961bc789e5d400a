/**
 * The check run: a surface of the one verdict, rendered from it after the gate decides, like the
 * summary comment. Its conclusion is the verdict, its title the verdict line, its summary the run's
 * summary within GitHub's 65,535 characters, and it carries an annotation for each finding on an
 * added line, the most severe first, up to `MAX_CHECK_RUN_ANNOTATIONS` (not the workflow's
 * per-step cap of 10: the check run's annotations are its own). Its summary says how many were
 * left out and where every finding is.
 *
 * It is written on the commit the run reviewed, even when a push superseded it during the run: a
 * check run belongs to one commit, so the verdict for that commit is true there, and the run on
 * the new head writes the new head's check. Writing it never changes the verdict: a refusal or a
 * failure is reported on the other surfaces instead.
 */
import { reasonTexts } from '../domain/verdict';
import type { GateVerdict } from '../domain/verdict';
import type { LabelledFinding } from '../domain/findings';
import type { CommitRef } from '../domain/pull-request';
import type { CheckAnnotation, CheckConclusion, CheckRunContent } from '../domain/check-run';
import { annotationOf, chooseAnnotated } from './annotations';
import type { AnnotationCaps, AnnotationLevel } from './annotations';
import { VERDICT_HEADING } from './summary/summary';
import { inlineText, plainText } from './markdown/sanitize';
import { plural } from '../domain/words';

export const CONCLUSION: Readonly<Record<GateVerdict['result'], CheckConclusion>> = {
  passed: 'success',
  failed: 'failure',
  neutral: 'neutral',
};

const LEVEL: Readonly<Record<AnnotationLevel, CheckAnnotation['annotation_level']>> = { error: 'failure', warning: 'warning', notice: 'notice' };
const NO_CAP = Number.MAX_SAFE_INTEGER;
const UNCAPPED: AnnotationCaps = { error: NO_CAP, warning: NO_CAP, notice: NO_CAP };

/**
 * Annotations one check run carries at most. Each 50 cost a write to GitHub, and writes are paced
 * at one a second after the first five of a run (GitHub's guidance), so 30,000 findings would keep
 * the job busy for ten minutes; 250 cost five writes, a few seconds at most. It is also more than a
 * reader walks through in the diff: GitHub itself stops a job's own annotations at 50. The job
 * summary, the log, the SARIF file and the JSON report list every finding.
 */
export const MAX_CHECK_RUN_ANNOTATIONS = 250;
/** Titles show on one line; the summary carries every reason in full. */
const MAX_TITLE = 255;

/** The verdict line, as plain text: `Failed: 2 error findings on added lines (fail-on-severity: error)`. */
export function verdictTitle(verdict: Pick<GateVerdict, 'result' | 'reasons'>): string {
  const word = VERDICT_HEADING[verdict.result].replace(/^\S+\s/, '');
  return plainText(verdict.reasons.length === 0 ? word : `${word}: ${reasonTexts(verdict).join('; ')}`, MAX_TITLE);
}

export interface CheckRunAnnotations {
  /** At most the cap, most severe first: every error the gate counts comes before any warning. */
  annotations: CheckAnnotation[];
  /** Findings that would be annotated but for the cap. */
  leftOut: number;
}

/** The findings on added lines (and those the gate counts without one) as check-run annotations, most severe first, at most `cap`. */
export function checkAnnotations(findings: readonly LabelledFinding[], cap = MAX_CHECK_RUN_ANNOTATIONS): CheckRunAnnotations {
  // Only the annotations sent are rendered: 250 of a run's 12,000 findings, say.
  const planned = chooseAnnotated([...findings], UNCAPPED).chosen;
  const annotations = planned.slice(0, cap).map(annotationOf).map((a) => ({
    path: a.path,
    start_line: a.line,
    end_line: a.line,
    annotation_level: LEVEL[a.level],
    title: a.title,
    message: a.message,
  }));
  return { annotations, leftOut: planned.length - annotations.length };
}

/** What the check run's summary says when the cap left findings out: how many, and where they all are. */
export function annotationsLeftOutNote(leftOut: number, cap = MAX_CHECK_RUN_ANNOTATIONS): string | undefined {
  if (leftOut <= 0) return undefined;
  return (
    `${plural(leftOut, 'more finding')} on added lines ${leftOut === 1 ? 'is' : 'are'} not annotated here: a check run carries the ${cap.toLocaleString('en-US')} most severe. ` +
    'Every finding is listed in the job summary of this run (in the log of its step when the summary has no room for them all), ' +
    'and in the SARIF file when sarif-file is set.'
  );
}

export interface CheckRunTarget {
  /** `check-name`. */
  name: string;
  detailsUrl?: string;
}

/**
 * The check run of a decided run. `summary` renders its summary, given the note on annotations
 * the cap left out (undefined when none were).
 */
export function checkRunContent(
  report: { pr: CommitRef; verdict: GateVerdict; findings: readonly LabelledFinding[] },
  summary: (annotationsNote: string | undefined) => string,
  target: CheckRunTarget,
): CheckRunContent {
  const { annotations, leftOut } = checkAnnotations(report.findings);
  return {
    name: target.name,
    headSha: report.pr.headSha,
    conclusion: CONCLUSION[report.verdict.result],
    title: verdictTitle(report.verdict),
    summary: summary(annotationsLeftOutNote(leftOut)),
    annotations,
    ...(target.detailsUrl === undefined ? {} : { detailsUrl: target.detailsUrl }),
  };
}

/** For a run that stopped before the gate could decide: the gate's verdict for it (`stoppedVerdict`), and why. */
export function stoppedRunContent(pr: CommitRef, verdict: GateVerdict, target: CheckRunTarget): CheckRunContent {
  const why = reasonTexts(verdict).map((reason) => inlineText(reason, 4000)).join('\n\n');
  return checkRunContent({ pr, verdict, findings: [] }, () => `## ${VERDICT_HEADING[verdict.result]}\n\n${why}\n`, target);
}
