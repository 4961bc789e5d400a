/**
 * A check run belongs to a commit and a name, not to a pull request: when one commit heads
 * several pull requests (#7 into main, #8 into legacy), their runs write the same check, and
 * branch protection reads the newest for each of them. So a run must not write `success` while
 * another pull request fails at that commit, nor while this pull request's own earlier failure
 * there still stands.
 *
 * Each check run review-gate writes records, on the last line of its summary, the verdict of the
 * pull request whose run wrote it — hidden, machine-readable, one per check run — with what that
 * verdict rests on: whether the run reviewed the head (a skipped draft did not), the base branch it
 * judged against, and when it read GitHub's state. A check run marked `in_progress` records that
 * its run started (`pending`). verdict-fold.ts decides from the records which verdict of each pull
 * request stands; commit-check-content.ts writes the check that follows. A record only ever
 * states its writer's own verdict, so copying records never launders one, and records count only
 * from the app the token writes as (see commit-check-run.ts). Pure: no I/O here.
 *
 * The format is a contract between versions (golden vectors in the tests): `v: 1`, fields only
 * ever added. A record from an older version lacks the later fields, and each is read the way
 * that holds the gate closed: not reviewed, no known base, read when it was decided (`at`).
 */
import type { CheckConclusion } from './upsert';
import { plainText } from '../../render/markdown/sanitize';

/** A pull request's verdict at a commit, as its run recorded it. */
export interface PullVerdict {
  /** The pull request whose run decided it. */
  pr: number;
  /** `failure` for a run that has not decided yet (`pending`), so a reader of records that predate `pending` holds the check. */
  conclusion: CheckConclusion;
  /** Its verdict line (the check run's title), plain text. */
  title: string;
  /** When it was decided (or, pending, when its run started), in ms since the epoch. */
  at: number;
  /** Its run reviewed this head: false for a run that skipped it (a draft), and for a record that does not say. */
  reviewed: boolean;
  /** The base branch its run judged against; undefined when the record does not say. */
  base: string | undefined;
  /** When its run read the pull request from GitHub, in ms since the epoch; `at` when the record does not say. */
  read: number;
  /** Its run has started and not decided: the check run it wrote is `in_progress`. */
  pending: boolean;
}

/** What a run records besides its verdict: what the verdict rests on. */
export type VerdictFacts = Pick<PullVerdict, 'reviewed' | 'base' | 'read'>;

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
export const MAX_TITLE = 255;

/**
 * The record line. JSON with `<`, `>`, `&` and `-` escaped, so nothing in a title or a branch
 * name can end the HTML comment or start another. Fields in a fixed order; `base` only when
 * known, `pending` only when true.
 */
export function verdictRecord(verdict: PullVerdict): string {
  const { pr, conclusion, at, reviewed, base, read, pending } = verdict;
  const fields = { v: 1, pr, conclusion, title: plainText(verdict.title, MAX_TITLE), at, reviewed, ...(base === undefined ? {} : { base }), read, ...(pending ? { pending } : {}) };
  return `${RECORD_START}${JSON.stringify(fields).replace(/[<>&-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}${RECORD_END}`;
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
  const { v, pr, conclusion, title, at, reviewed, base, read, pending } = parsed as Record<string, unknown>;
  if (v !== 1 || !Number.isSafeInteger(pr) || (pr as number) < 1) return undefined;
  if (conclusion !== 'success' && conclusion !== 'failure' && conclusion !== 'neutral') return undefined;
  if (typeof title !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  return {
    pr: pr as number,
    conclusion,
    title: plainText(title, MAX_TITLE),
    at,
    // Each later field read the way that holds the gate closed when it is missing or not as written.
    reviewed: reviewed === true,
    base: typeof base === 'string' && base !== '' ? base : undefined,
    // Not said: when it was decided, the latest its run can have read (a failure then stands the longest).
    read: typeof read === 'number' && Number.isFinite(read) ? read : at,
    pending: pending !== undefined && pending !== false,
  };
}
