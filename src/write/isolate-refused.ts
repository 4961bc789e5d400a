/**
 * Finding the comments GitHub refuses. Its 422 does not say which comment it could not place,
 * so the batch is split and asked again, each half as a probe (a pending review deleted at once,
 * see pending-reviews.ts): a half GitHub accepts is good, a single comment it refuses is refused.
 */
import type { PlannedComment } from '../domain/writes';
import type { GitHubLog } from '../github/octokit';
import type { Prober } from './pending-reviews';

export interface ProbeBudget {
  /** Probes one `postReview` may make in all; the reviews it splits into share them. */
  limit: number;
  /** Probes this `postReview` already made for earlier reviews. */
  spent: number;
}

export interface IsolationResult {
  /** Comments GitHub accepted in a probe, in their order: safe to post as one review. */
  accepted: PlannedComment[];
  /** Comments GitHub refused alone, and those left unprobed once the budget ran out. */
  refused: PlannedComment[];
  /** Probes this call made. */
  probes: number;
}

/**
 * @param batch comments GitHub just refused as one review
 * @param budget probes allowed; past it, the comments not yet placed count as refused
 */
export async function isolateRefused(
  batch: readonly PlannedComment[],
  prober: Pick<Prober, 'probe'>,
  budget: ProbeBudget,
  log?: GitHubLog,
): Promise<IsolationResult> {
  const accepted: PlannedComment[] = [];
  const refused: PlannedComment[] = [];
  let probes = 0;

  /**
   * `knownBad` means GitHub already refused this set, so it is split without asking; and when a
   * first half is accepted, the second is known bad. True when GitHub accepted `part` whole.
   */
  async function split(part: readonly PlannedComment[], knownBad: boolean): Promise<boolean> {
    if (!knownBad) {
      if (budget.spent + probes >= budget.limit) {
        log?.warning(`Gave up isolating ${part.length} comment(s) GitHub may refuse after ${budget.spent + probes} probes; left out`);
        refused.push(...part);
        return false;
      }
      probes++;
      if (await prober.probe([...part])) {
        accepted.push(...part);
        return true;
      }
    }
    if (part.length === 1) {
      refused.push(...part);
      return false;
    }
    const half = Math.floor(part.length / 2);
    const firstAccepted = await split(part.slice(0, half), false);
    await split(part.slice(half), firstAccepted);
    return false;
  }

  await split(batch, true);
  return { accepted, refused, probes };
}
