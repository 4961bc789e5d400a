/**
 * The check run for a commit, from this run's own content and the verdicts that stand there
 * (verdict-fold.ts). Alone at the commit with its own verdict standing: the run's own content.
 * Otherwise the strictest conclusion of what stands, a title naming the pull requests that hold
 * it, and above the run's own summary why: a table of every pull request at the commit, or the
 * earlier verdict of this pull request that this run's does not replace. Either way the summary
 * ends with the record of this run's own verdict, never of another's. Pure: no I/O here.
 */
import type { CheckConclusion, CheckRunContent } from './upsert';
import { MAX_TITLE, STRICTNESS, verdictRecord } from './verdict-records';
import type { PullVerdict } from './verdict-records';
import { VERDICT_HEADING } from '../../render/summary/summary';
import { plainText, tableCell } from '../../render/markdown/sanitize';
import { shortSha } from '../../domain/object-name';
import type { GateVerdict } from '../../domain/verdict';

/** Other pull requests shown in a summary; more than that at one commit is listed in one line. */
export const MAX_SHOWN_PULLS = 20;

/**
 * `verdict`: this run's own, recorded. `standing`: what stands for its pull request (`verdict`
 * itself, or an earlier one it does not replace). `others`: the verdicts standing for the other
 * open pull requests the commit heads, checked by the caller.
 */
export function commitCheckContent(own: CheckRunContent, verdict: PullVerdict, standing: PullVerdict, others: readonly PullVerdict[]): CheckRunContent {
  const record = verdictRecord(verdict);
  if (others.length === 0 && standing === verdict) return { ...own, summary: `${own.summary.trimEnd()}\n\n${record}\n` };
  const all = [standing, ...others];
  const conclusion = all.reduce<CheckConclusion>((c, v) => (STRICTNESS[v.conclusion] > STRICTNESS[c] ? v.conclusion : c), 'success');
  if (others.length === 0) return earlierStands(own, verdict, standing, record);
  // A pull request that fails is named before one that is not judged yet: the failure is what is known.
  const strictest = all.filter((v) => v.conclusion === conclusion);
  const decided = strictest.filter((v) => !v.pending);
  const holders = (decided.length > 0 ? decided : strictest).sort((a, b) => a.pr - b.pr);
  const first = holders[0] as PullVerdict;
  const who = `${names(holders)} ${verb(holders)}`;
  const reason = withoutWord(first.title);
  const title = plainText(`${word(conclusion)}: ${who} at this commit${reason === '' ? '' : `: ${reason}`}`, MAX_TITLE);
  const shown = [standing, ...others.slice(0, MAX_SHOWN_PULLS)].sort((a, b) => a.pr - b.pr);
  const label = (v: PullVerdict): string => (v.pr !== verdict.pr ? '' : v === verdict ? ' (this run)' : ' (an earlier review; this run’s verdict does not replace it)');
  const rows = shown.map((v) => `| #${v.pr}${label(v)} | ${emoji(v)} ${tableCell(v.title, MAX_TITLE + 20)} |`);
  const more = others.length > MAX_SHOWN_PULLS ? ['', `And ${others.length - MAX_SHOWN_PULLS} more pull requests at this commit.`] : [];
  const summary: string[] = [
    `## ${heading(conclusion)}: ${who} at this commit`,
    '',
    `Commit \`${shortSha(own.headSha)}\` is the head of more than one open pull request. A check run belongs to the commit, not to a ` +
      'pull request, so this one shows the strictest of their verdicts: it cannot pass one pull request while another fails, or is not judged yet, at the same commit.',
    '',
    `| pull request | verdict at \`${shortSha(own.headSha)}\` |`,
    '|---|---|',
    ...rows,
    ...more,
  ];
  return { ...own, conclusion, title, summary: aboveOwn(summary, `The review of #${verdict.pr} follows.`, own, record) };
}

/** `above`, then the run's own summary under a rule, ending with its record. */
function aboveOwn(above: readonly string[], follows: string, own: CheckRunContent, record: string): string {
  return [...above, '', follows, '', '---', '', own.summary.trimEnd(), '', record, ''].join('\n');
}

/** This pull request alone at the commit, its earlier verdict standing over this run's. */
function earlierStands(own: CheckRunContent, verdict: PullVerdict, standing: PullVerdict, record: string): CheckRunContent {
  const title = standing.pending ? plainText(`${word('failure')}: #${standing.pr} is not judged yet at this commit: ${standing.title}`, MAX_TITLE) : standing.title;
  const above = [
    `## ${heading(standing.conclusion)}: ${standing.pending ? `a newer review of #${standing.pr} has not finished` : `an earlier review of #${standing.pr} stands`} at this commit`,
    '',
    `${capitalized(whyItStands(verdict, standing, (title) => `\`${tableCell(title, MAX_TITLE)}\``))}.`,
  ];
  const follows = `This run’s own verdict (${tableCell(verdict.title, MAX_TITLE)}) follows.`;
  return { ...own, conclusion: standing.conclusion, title, summary: aboveOwn(above, follows, own, record) };
}

/**
 * Why `standing` holds over `verdict`, as one sentence that starts in lower case (the log puts it
 * after a colon, the summary capitalizes it); `quote` shows a verdict line where it is read.
 */
export function whyItStands(verdict: PullVerdict, standing: PullVerdict, quote: (title: string) => string): string {
  const at = (ms: number): string => new Date(ms).toISOString();
  if (standing.pending) {
    return (
      `a review of #${standing.pr} that read the pull request from GitHub at ${at(standing.read)}, after this run did (${at(verdict.read)}), ` +
      'started and has not finished (or stopped without concluding): until a run that read it at least as recently decides, the check does not pass'
    );
  }
  if (!verdict.reviewed) {
    return `a run that reviews nothing does not replace the verdict of one that reviewed #${standing.pr} at this commit (${quote(standing.title)})`;
  }
  return (
    `this run read the pull request from GitHub at ${at(verdict.read)}, before the run that decided ${quote(standing.title)} did (${at(standing.read)}), ` +
    'and a failure is replaced only by the verdict of a run that read the pull request at least as recently'
  );
}

/** The gate's result each conclusion stands for, so the words are the summary's own (`❌ Failed`). */
const RESULT: Readonly<Record<CheckConclusion, GateVerdict['result']>> = { success: 'passed', failure: 'failed', neutral: 'neutral' };
const heading = (c: CheckConclusion): string => VERDICT_HEADING[RESULT[c]];
const word = (c: CheckConclusion): string => heading(c).replace(/^\S+\s/, '');
const emoji = (v: PullVerdict): string => (v.pending ? '⏳' : (heading(v.conclusion).split(' ')[0] ?? ''));
/** `Failed: 1 error finding…` → `1 error finding…`; `Passed` → ``. */
const withoutWord = (title: string): string => {
  const prefix = (['failure', 'neutral', 'success'] as const).map(word).find((w) => title === w || title.startsWith(`${w}: `));
  return prefix === undefined ? title : title.slice(prefix.length + 2);
};

const VERB: Readonly<Record<CheckConclusion | 'pending', readonly [string, string]>> = {
  failure: ['fails', 'fail'],
  neutral: ['is neutral', 'are neutral'],
  success: ['passes', 'pass'],
  pending: ['is not judged yet', 'are not judged yet'],
};

/** What the holders of the conclusion do: a pending pull request is not judged yet, not failing. */
function verb(holders: readonly PullVerdict[]): string {
  const [first] = holders;
  const kind = holders.every((v) => v.pending) ? 'pending' : (first?.conclusion ?? 'success');
  return VERB[kind][holders.length === 1 ? 0 : 1];
}

const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function names(verdicts: readonly PullVerdict[]): string {
  const all = verdicts.map((v) => `#${v.pr}`);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}`;
}
