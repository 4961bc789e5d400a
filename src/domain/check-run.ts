/**
 * A check run's content as review-gate writes it: its conclusion, title, summary and annotations.
 * Rendered in render/check-run.ts, written by write/check-run/; here so that neither imports the
 * other for a type.
 */

export type CheckConclusion = 'success' | 'failure' | 'neutral';

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  title: string;
  message: string;
}

export interface CheckRunContent {
  name: string;
  headSha: string;
  conclusion: CheckConclusion;
  title: string;
  summary: string;
  annotations: readonly CheckAnnotation[];
  /** Where "Details" leads: the workflow run, whose job summary lists what the summary had no room for. */
  detailsUrl?: string;
}
