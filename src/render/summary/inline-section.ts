/**
 * The findings that are inline comments on the pull request: those this run posted, those already
 * there from an earlier run, and the identical ones folded into one of them. The job summary is
 * the record that stays with the run (inline comments get resolved, edited, outdated), so it
 * lists each of them, marked as posted inline and linked to its comment when GitHub said where it
 * is. The summary comment and the check run sit beside those comments: they say how many there
 * are and leave the list to the job summary.
 */
import type { LabelledFinding } from '../../domain/findings';
import type { PlannedComment } from '../../domain/writes';
import { plural } from '../../domain/words';
import type { Room } from './summary-sections';
import { cappedList, details, findingItem } from './summary-sections';
import type { LineWriter } from './summary-writer';

/** A finding with an inline comment on the pull request, and that comment's link when known. */
export interface InlineFinding {
  finding: LabelledFinding;
  url?: string;
}

/** What a review that landed left where: the comments on the pull request, and the ones GitHub refused. */
export interface LandedReview {
  posted: readonly PlannedComment[];
  alreadyPresent: readonly PlannedComment[];
  rejected: readonly PlannedComment[];
  links?: ReadonlyMap<string, string>;
}

/**
 * The findings of the plan's comments that are on the pull request, each comment's folded
 * duplicates right after it, in the plan's order; and those whose comment is not there (GitHub
 * refused it, or it was never sent), which the summary lists as not posted. A security flag is
 * left to the flags' own list, as in every list of findings.
 */
export function splitInline(
  comments: readonly PlannedComment[],
  duplicates: readonly LabelledFinding[],
  review: LandedReview,
): { inline: InlineFinding[]; notPosted: LabelledFinding[] } {
  const there = new Set([...review.posted, ...review.alreadyPresent].map((c) => c.fingerprint));
  const refused = new Set(review.rejected.map((c) => c.fingerprint));
  const folded = new Map<string, LabelledFinding[]>();
  for (const f of duplicates) folded.set(f.fingerprint, [...(folded.get(f.fingerprint) ?? []), f]);
  const inline: InlineFinding[] = [];
  const notPosted: LabelledFinding[] = [];
  for (const comment of comments) {
    const findings = [comment.finding, ...(folded.get(comment.fingerprint) ?? [])].filter((f) => f.source !== 'security-flag');
    if (there.has(comment.fingerprint)) {
      const url = review.links?.get(comment.fingerprint);
      inline.push(...findings.map((finding) => (url === undefined ? { finding } : { finding, url })));
    } else if (refused.has(comment.fingerprint)) {
      // The refused comment itself is listed with "Rejected by GitHub"; its folded duplicates here.
      notPosted.push(...findings.slice(1));
    } else {
      notPosted.push(...findings);
    }
  }
  return { inline, notPosted };
}

/** Only a link GitHub could have given: https, nothing that could end the markdown link. */
const SAFE_LINK = /^https:\/\/[^\s()<>[\]]+$/;

const inlineItems = new WeakMap<InlineFinding, string>();

/** A finding's line, marked as posted inline: rendered once for the run, as `findingItem` is. */
export function inlineItem(inline: InlineFinding): string {
  let item = inlineItems.get(inline);
  if (item === undefined) {
    const where = inline.url !== undefined && SAFE_LINK.test(inline.url) ? `[inline comment](${inline.url})` : 'inline comment';
    item = `${findingItem(inline.finding)} — posted as an ${where}`;
    inlineItems.set(inline, item);
  }
  return item;
}

/**
 * The findings with inline comments: listed one by one (`list`, the job summary), or counted in
 * one line that says where they are (the summary comment and the check run; `restListedIn`
 * names where they are listed too).
 */
export function inlineSection(out: LineWriter, inline: readonly InlineFinding[] | undefined, room: Room, list: boolean): void {
  if (inline === undefined || inline.length === 0) return;
  const count = plural(inline.length, 'finding', 'findings');
  if (!list) {
    const also = room.restListedIn === undefined ? '' : `; ${room.restListedIn} lists them too`;
    out.line(`**Posted inline:** ${count} ${inline.length === 1 ? 'is' : 'are'} in the inline comments on this pull request, not repeated here${also}.`);
    return;
  }
  out.line(`### Findings posted inline (${inline.length})`);
  out.line('');
  details(out, `Inline comments on the pull request (${inline.length})`, (body) => cappedList(body, inline, room, 'findings', inlineItem));
}
