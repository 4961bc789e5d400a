/**
 * Which verdict of each pull request stands at a commit, from the records its runs left on the
 * check runs there (verdict-records.ts). The rule: the check says what a run knows, and only about
 * what that run reviewed.
 *
 * - Decided verdicts are taken in the order they were decided. A `failure` always takes over. A
 *   `neutral` or `success` takes over another `neutral` or `success`, but replaces a `failure`
 *   only when its run reviewed the head (a skipped draft did not) and read the pull request from
 *   GitHub at least as recently as the failing run did. A run that read GitHub before the pull
 *   request was retargeted, made ready or reviewed again decided on an older state: finishing
 *   later does not make it newer.
 * - A run that started (its check run `in_progress`) and has not decided, and whose read is newer
 *   than every decision since, holds the pull request unjudged: a decided `neutral` or `success`
 *   does not stand while it runs. A `failure` stands either way.
 *
 * Records of several apps are folded per app, then the strictest is taken: before a run knows the
 * app its token writes as, another app's records can only make a verdict stricter.
 */
import { STRICTNESS, readVerdictRecord } from './verdict-records';
import type { ListedVerdictRun, PullVerdict } from './verdict-records';

/** Whether `next`, a `neutral` or `success`, replaces `failure`: reviewed, from a read at least as recent. */
export function replacesFailure(next: PullVerdict, failure: PullVerdict): boolean {
  return next.reviewed && next.read >= failure.read;
}

/** The verdict that stands among one pull request's records (of one app); undefined for none. */
export function standingVerdict(records: readonly PullVerdict[]): PullVerdict | undefined {
  // In the order they were decided; at a tie, the stricter last, so it stands.
  const ordered = [...records].sort((a, b) => a.at - b.at || STRICTNESS[a.conclusion] - STRICTNESS[b.conclusion]);
  let decided: PullVerdict | undefined;
  for (const record of ordered) {
    if (record.pending) continue;
    if (decided === undefined || record.conclusion === 'failure' || decided.conclusion !== 'failure' || replacesFailure(record, decided)) decided = record;
  }
  // A start that no decision from a read at least as recent followed: its run is still going (or stopped without a word).
  const unfinished = ordered
    .filter((start) => start.pending && !ordered.some((d) => !d.pending && d.read >= start.read && d.at >= start.at))
    .reduce<PullVerdict | undefined>((newest, start) => (newest === undefined || start.read > newest.read ? start : newest), undefined);
  if (unfinished !== undefined && decided?.conclusion !== 'failure') return unfinished;
  return decided;
}

/**
 * The verdict that stands for each pull request that `runs` record, with `own` — this run's
 * verdict, about to be written — taken as the newest record of its pull request. Callers pass the
 * runs of one app once they know the app their token writes as.
 */
export function latestVerdicts(runs: readonly ListedVerdictRun[], own?: PullVerdict): Map<number, PullVerdict> {
  const perApp = new Map<number | undefined, Map<number, PullVerdict[]>>();
  for (const run of runs) {
    const verdict = readVerdictRecord(run.summary);
    if (verdict === undefined) continue;
    const ofApp = perApp.get(run.appId) ?? new Map<number, PullVerdict[]>();
    perApp.set(run.appId, ofApp);
    ofApp.set(verdict.pr, [...(ofApp.get(verdict.pr) ?? []), verdict]);
  }
  if (own !== undefined) {
    if (perApp.size === 0) perApp.set(undefined, new Map());
    for (const ofApp of perApp.values()) ofApp.set(own.pr, [...(ofApp.get(own.pr) ?? []), own]);
  }
  const latest = new Map<number, PullVerdict>();
  for (const ofApp of perApp.values()) {
    for (const [pr, records] of ofApp) {
      const standing = standingVerdict(records);
      const known = latest.get(pr);
      if (standing !== undefined && (known === undefined || STRICTNESS[standing.conclusion] > STRICTNESS[known.conclusion])) latest.set(pr, standing);
    }
  }
  return latest;
}
