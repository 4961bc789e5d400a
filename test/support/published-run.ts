/**
 * A decided and published run of acme/shop#42 for the golden files: the findings planned as
 * inline comments, all posted, the gate deciding for real with these thresholds.
 */
import type { LabelledFinding } from '../../src/domain/findings';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { PublishedRun } from '../../src/domain/run-report';
import type { PostingReport } from '../../src/domain/writes';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import { planInlineComments } from '../../src/write/inline-plan';

export function publishedRun(run: { head: string; outcomes: FileOutcome[]; findings: LabelledFinding[]; maxComments: number; thresholds: GateThresholds; tokensUsed: number; ids: { review: number; comment: number } }): PublishedRun {
  const { head, outcomes, findings } = run;
  const plan = planInlineComments(findings, run.maxComments);
  const reviewUrl = `https://github.com/acme/shop/pull/42#pullrequestreview-${run.ids.review}`;
  // The first comment's own link is known (listed after posting); the others have only their review's.
  const links = new Map(plan.comments.map((c, i) => [c.fingerprint, i === 0 ? 'https://github.com/acme/shop/pull/42#discussion_r11' : reviewUrl]));
  const posting: PostingReport = { kind: 'posted', posted: plan.comments, alreadyPresent: [], rejected: [], reviewUrl, links };
  const verdict = decide({ outcomes, listTruncated: false, posting, reviewedSha: head }, run.thresholds);
  return {
    pr: { owner: 'acme', repo: 'shop', number: 42, headSha: head },
    outcomes,
    findings,
    plan,
    verdict,
    tokensUsed: run.tokensUsed,
    listTruncated: false,
    posting,
    summary: { kind: 'updated', url: `https://github.com/acme/shop/pull/42#issuecomment-${run.ids.comment}` },
    checkRun: { kind: 'off' },
    baselines: new Map(),
  };
}
