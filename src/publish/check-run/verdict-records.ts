/**
 * A check run belongs to a commit and a name, not to a pull request: when one commit heads
 * several pull requests (#7 into main, #8 into legacy), their runs write the same check, and
 * branch protection reads the newest for each of them. So a run must not write `success` while
 * another pull request fails at that commit.
 *
 * Each check run review-gate writes records, on the last line of its summary, the verdict of the
 * pull request whose run wrote it — hidden, machine-readable, one per check run. A run reads the
 * records of every check run of its name on the commit, keeps the newest verdict of each pull
 * request, and concludes with the strictest of its own and those of the other pull requests that
 * are still open with this commit as their head (checked by the caller): the summary says which
 * one fails. A record only ever states its writer's own verdict, so copying records never
 * launders one, and records count only from the app the token writes as (see
 * commit-check-run.ts). Pure: no I/O here.
 */
import type { CheckConclusion, CheckRunContent } from './upsert';
import { VERDICT_HEADING } from '../summary/summary';
import { plainText, tableCell } from '../../report/markdown/sanitize';
import { shortSha } from '../../domain/object-name';
import type { GateVerdict } from '../../domain/verdict';

/** A pull request's verdict at a commit, as its run recorded it. */
export interface PullVerdict {
  /** The pull request whose run decided it. */
  pr: number;
  conclusion: CheckConclusion;
  /** Its verdict line (the check run's title), plain text. */
  title: string;
  /** When it was decided, in ms since the epoch: the newest of a pull request's verdicts counts. */
  at: number;
}

/** A check run as listed, with what the merge needs. */
export interface ListedVerdictRun {
  id: number;
  /** The app that wrote it (GitHub's `app.id`). */
  appId: number | undefined;
  summary: string | null;
}

/** How strict a conclusion is: branch protection passes `success` and `neutral`, never `failure`. */
export const STRICTNESS: Readonly<Record<CheckConclusion, number>> = { success: 0, neutral: 1, failure: 2 };

const RECORD_START = '<!-- review-gate:verdict ';
const RECORD_END = ' -->';
const MAX_TITLE = 255;
/** Other pull requests shown in a summary; more than that at one commit is listed in one line. */
export const MAX_SHOWN_PULLS = 20;
/**
 * Room the commit's section and the record take in a check run's summary (GitHub allows 65,535
 * characters): the run's own summary is rendered within the rest.
 */
export const COMMIT_SECTION_RESERVE = 8_000;

/**
 * The record line. JSON with `<`, `>`, `&` and `-` escaped, so nothing in a title can end the
 * HTML comment or start another.
 */
export function verdictRecord(verdict: PullVerdict): string {
  const json = JSON.stringify({ v: 1, pr: verdict.pr, conclusion: verdict.conclusion, title: plainText(verdict.title, MAX_TITLE), at: verdict.at });
  return `${RECORD_START}${json.replace(/[<>&-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}${RECORD_END}`;
}

/** The record on the last line of a summary; undefined when there is none or it is malformed. */
export function readVerdictRecord(summary: string | null | undefined): PullVerdict | undefined {
  if (typeof summary !== 'string') return undefined;
  const body = summary.trimEnd();
  const start = body.lastIndexOf(RECORD_START);
  if (start < 0 || !body.endsWith(RECORD_END)) return undefined;
  const json = body.slice(start + RECORD_START.length, body.length - RECORD_END.length);
  if (json.includes('\n')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { v, pr, conclusion, title, at } = parsed as Record<string, unknown>;
  if (v !== 1 || !Number.isSafeInteger(pr) || (pr as number) < 1) return undefined;
  if (conclusion !== 'success' && conclusion !== 'failure' && conclusion !== 'neutral') return undefined;
  if (typeof title !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  return { pr: pr as number, conclusion, title: plainText(title, MAX_TITLE), at };
}

/**
 * The verdict of each pull request that `runs` record: the newest per app (by `at`; the stricter
 * on a tie), then the strictest across apps. Callers pass the runs of one app once they know the
 * app their token writes as; before that, runs of several apps can only make a verdict stricter.
 */
export function latestVerdicts(runs: readonly ListedVerdictRun[]): Map<number, PullVerdict> {
  const perApp = new Map<number | undefined, Map<number, PullVerdict>>();
  for (const run of runs) {
    const verdict = readVerdictRecord(run.summary);
    if (verdict === undefined) continue;
    const ofApp = perApp.get(run.appId) ?? new Map<number, PullVerdict>();
    perApp.set(run.appId, ofApp);
    const known = ofApp.get(verdict.pr);
    if (known === undefined || verdict.at > known.at || (verdict.at === known.at && stricter(verdict, known))) ofApp.set(verdict.pr, verdict);
  }
  const latest = new Map<number, PullVerdict>();
  for (const ofApp of perApp.values()) {
    for (const verdict of ofApp.values()) {
      const known = latest.get(verdict.pr);
      if (known === undefined || stricter(verdict, known)) latest.set(verdict.pr, verdict);
    }
  }
  return latest;
}

const stricter = (a: Pick<PullVerdict, 'conclusion'>, b: Pick<PullVerdict, 'conclusion'>): boolean => STRICTNESS[a.conclusion] > STRICTNESS[b.conclusion];

/**
 * The check run for the commit. Alone at the commit, the run's own content. With other open pull
 * requests there (`others`, checked by the caller), the strictest conclusion of all of them, a
 * title naming the pull requests that hold it, and above the run's own summary a table of every
 * verdict at the commit. Either way the summary ends with the record of this run's own verdict.
 */
export function commitCheckContent(own: CheckRunContent, verdict: PullVerdict, others: readonly PullVerdict[]): CheckRunContent {
  const record = verdictRecord(verdict);
  if (others.length === 0) return { ...own, summary: `${own.summary.trimEnd()}\n\n${record}\n` };
  const all = [verdict, ...others];
  const conclusion = all.reduce<CheckConclusion>((c, v) => (STRICTNESS[v.conclusion] > STRICTNESS[c] ? v.conclusion : c), 'success');
  const holders = all.filter((v) => v.conclusion === conclusion).sort((a, b) => a.pr - b.pr);
  const first = holders[0] as PullVerdict;
  const who = `${names(holders)} ${VERB[conclusion][holders.length === 1 ? 0 : 1]}`;
  const reason = withoutWord(first.title);
  const title = plainText(`${word(conclusion)}: ${who} at this commit${reason === '' ? '' : `: ${reason}`}`, MAX_TITLE);
  const shown = [verdict, ...others.slice(0, MAX_SHOWN_PULLS)].sort((a, b) => a.pr - b.pr);
  const rows = shown.map((v) => `| #${v.pr}${v.pr === verdict.pr ? ' (this run)' : ''} | ${emoji(v.conclusion)} ${tableCell(v.title, MAX_TITLE + 20)} |`);
  const more = others.length > MAX_SHOWN_PULLS ? ['', `And ${others.length - MAX_SHOWN_PULLS} more pull requests at this commit.`] : [];
  const summary = [
    `## ${heading(conclusion)}: ${who} at this commit`,
    '',
    `Commit \`${shortSha(own.headSha)}\` is the head of more than one open pull request. A check run belongs to the commit, not to a ` +
      'pull request, so this one shows the strictest of their verdicts: it cannot pass one pull request while another fails at the same commit.',
    '',
    `| pull request | verdict at \`${shortSha(own.headSha)}\` |`,
    '|---|---|',
    ...rows,
    ...more,
    '',
    `The review of #${verdict.pr} follows.`,
    '',
    '---',
    '',
    own.summary.trimEnd(),
    '',
    record,
    '',
  ].join('\n');
  return { ...own, conclusion, title, summary };
}

const VERB: Readonly<Record<CheckConclusion, readonly [string, string]>> = {
  failure: ['fails', 'fail'],
  neutral: ['is neutral', 'are neutral'],
  success: ['passes', 'pass'],
};

/** The gate's result each conclusion stands for, so the words are the summary's own (`❌ Failed`). */
const RESULT: Readonly<Record<CheckConclusion, GateVerdict['result']>> = { success: 'passed', failure: 'failed', neutral: 'neutral' };
const heading = (c: CheckConclusion): string => VERDICT_HEADING[RESULT[c]];
const word = (c: CheckConclusion): string => heading(c).replace(/^\S+\s/, '');
const emoji = (c: CheckConclusion): string => heading(c).split(' ')[0] ?? '';
/** `Failed: 1 error finding…` → `1 error finding…`; `Passed` → ``. */
const withoutWord = (title: string): string => {
  const prefix = (['failure', 'neutral', 'success'] as const).map(word).find((w) => title === w || title.startsWith(`${w}: `));
  return prefix === undefined ? title : title.slice(prefix.length + 2);
};

function names(verdicts: readonly PullVerdict[]): string {
  const all = verdicts.map((v) => `#${v.pr}`);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}`;
}
