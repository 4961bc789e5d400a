/**
 * Which summary comment stays and what it says, when runs race. Pure: data in, a plan out.
 *
 * GitHub has no conditional write for comments, so two runs on one pull request (two quick
 * pushes, a re-run) can each find no summary and each create one, or write one after the other.
 * The rule that makes every run converge on the same state, whatever the interleaving:
 *
 * 1. A run writes summary content only for the pull request's current head. It reads the head
 *    right before writing; a run whose commit is no longer the head writes nothing new.
 * 2. The summary is the OLDEST of our summary comments (lowest id): every run that lists picks
 *    the same one, whichever created it. The others are deleted (one already deleted by the
 *    racing run answers 404: that is the state we wanted).
 * 3. The content that stays is the content for the current head. Ours, when our commit is the
 *    head (two runs on the same commit differ only in timing: the last write wins, both true).
 *    When the head moved on, the newest comment that names the current head in its footer
 *    ("reviewed at `sha`") — a newer run's content — is moved into the one that stays. If none
 *    names it yet and the one that stays carries our now-stale content, it says so instead
 *    (a note naming both commits) until the run on the new head writes its own.
 */
import { SUMMARY_MARKER } from '../domain/markers';
import { shortSha } from '../domain/object-name';

export interface OwnSummary {
  id: number;
  body: string;
}

export interface SummaryPlan {
  /** The comment that stays; undefined when there is none yet (create one with `write`). */
  keep: OwnSummary | undefined;
  /** The body to write into `keep` (or to create), when it differs from what is there. */
  write: string | undefined;
  /** Our other summary comments, to delete. */
  remove: number[];
}

export interface RunContent {
  /** The summary this run rendered, marker included. */
  body: string;
  /** The commit this run reviewed. */
  headSha: string;
}

/**
 * The last line renderSummary writes (see render/summary/summary.ts): `… reviewed at \`0123456789ab\` ·
 * review-gate</sub>`. Anchored at the end: a finding's text higher up cannot pose as it.
 */
const REVIEWED_AT = /reviewed at `([0-9a-f]{7,40})` · review-gate<\/sub>\s*$/;

/** The (short) SHA a summary says it reviewed, from its footer. */
export function reviewedHeadOf(body: string): string | undefined {
  return REVIEWED_AT.exec(body)?.[1];
}

function names(body: string, sha: string): boolean {
  const reviewed = reviewedHeadOf(body);
  return reviewed !== undefined && sha.toLowerCase().startsWith(reviewed);
}

export function planSummary(own: readonly OwnSummary[], run: RunContent, currentHead: string): SummaryPlan {
  const byAge = [...own].sort((a, b) => a.id - b.id);
  const [keep, ...others] = byAge;
  const remove = others.map((c) => c.id);
  const current = run.headSha === currentHead;
  if (keep === undefined) return { keep, write: current ? run.body : undefined, remove };

  let content = keep.body;
  if (current) content = run.body;
  else {
    const newer = [...byAge].reverse().find((c) => names(c.body, currentHead));
    if (newer !== undefined) content = newer.body;
    else if (names(keep.body, run.headSha)) content = supersededNote(run.headSha, currentHead);
  }
  return { keep, write: content === keep.body ? undefined : content, remove };
}

/** What the summary says when the run that wrote it learns its commit is no longer the head. */
export function supersededNote(reviewedSha: string, currentHead: string): string {
  const [was, now] = [shortSha(reviewedSha), shortSha(currentHead)].map((sha) => `\`${sha.replace(/[^0-9a-f]/gi, '')}\``);
  return [
    SUMMARY_MARKER,
    '## ⏭️ Superseded',
    '',
    `This pull request's head moved from ${was} to ${now} while review-gate reviewed ${was}. ` +
      `The run on ${now} writes its verdict here; the check on each commit carries that commit's verdict.`,
    '',
    '<sub>review-gate</sub>',
  ].join('\n');
}
