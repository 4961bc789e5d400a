/**
 * Which findings become inline comments. Only findings on added lines can be posted (GitHub
 * accepts context lines too, but a comment there reads as blame for code the pull request did not
 * write), and only those at or above `comment-severity` for their file; the rest are listed in the
 * summary. Most severe first, so the cap drops infos first.
 */
import type { InlinePlan } from '../domain/run-report';
import type { LabelledFinding } from '../domain/findings';
import type { PlannedComment } from '../domain/writes';
import { renderInlineComment } from '../render/markdown/comment';
import { compareFindings, severityRank } from '../render/markdown/severity';
import type { Severity } from '../domain/vocabulary';


type Anchored = LabelledFinding & { line: number };

function isAnchored(f: LabelledFinding): f is Anchored {
  return f.location === 'added-line' && f.line !== null && Number.isInteger(f.line) && f.line > 0;
}

export interface InlinePlanOptions {
  /**
   * The lowest severity posted as an inline comment in a file (`comment-severity`); every
   * severity when absent. A function of the path, so a policy can set it per path.
   */
  commentSeverity?: (path: string) => Severity;
}

export function planInlineComments(findings: LabelledFinding[], maxComments: number, options: InlinePlanOptions = {}): InlinePlan {
  if (!Number.isInteger(maxComments) || maxComments < 0) {
    throw new TypeError(`Expected \`maxComments\` to be an integer from 0 and up, got ${String(maxComments)}`);
  }
  // A security flag an issue on its line stands for goes in that comment, never its own.
  const carried = findings.filter((f) => f.sameAs !== undefined);
  const own = findings.filter((f) => f.sameAs === undefined);
  const notCommentable = own.filter((f) => !isAnchored(f));
  const lowest = options.commentSeverity;
  const posted = (f: LabelledFinding): boolean => lowest === undefined || severityRank(f.severity) <= severityRank(lowest(f.path));
  const anchored = own.filter(isAnchored).sort(compareFindings);
  const belowCommentSeverity = anchored.filter((f) => !posted(f));

  // Group by fingerprint; the first member (the most severe, lowest line) carries the comment.
  const groups = new Map<string, Anchored[]>();
  for (const f of anchored.filter(posted)) {
    const fp = f.fingerprint;
    const group = groups.get(fp);
    if (group) group.push(f);
    else groups.set(fp, [f]);
  }

  const comments: PlannedComment[] = [];
  const overflow: LabelledFinding[] = [];
  const duplicates: LabelledFinding[] = [];
  for (const [fingerprint, group] of groups) {
    const [first, ...rest] = group as [Anchored, ...Anchored[]];
    if (comments.length >= maxComments) {
      overflow.push(first, ...rest);
      continue;
    }
    const sameAt = [...new Set(rest.map((f) => f.line).filter((line) => line !== first.line))];
    const flags = carried.filter((f) => f.sameAs === fingerprint);
    comments.push({
      path: first.path,
      line: first.line,
      body: renderInlineComment(first, fingerprint, { sameAt, flags }),
      fingerprint,
      finding: first,
      ...(flags.length === 0 ? {} : { flags }),
    });
    duplicates.push(...rest);
  }
  return { comments, overflow, notCommentable, belowCommentSeverity, duplicates };
}
