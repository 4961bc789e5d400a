/**
 * End to end: how far one dismissal reaches is data review-gate wrote into its own comment's
 * hidden marker, never text read back from the comment's rendered body, where the service's
 * message can put anything. A comment stands for its own line and the identical findings folded
 * into it when it was posted; a dismissal of it covers that many, and a copy of the line pushed
 * later is a new finding. Whatever the service writes (a quoted "The same finding is on lines …"
 * note, a forged marker) widens nothing, and a comment of the old form, which carries no reach
 * data, reaches only its own line.
 *
 * One pull request holds the four cases, each in its own file; the simulator quotes a `TODO`
 * comment in its message (an info) and finds `eval(` (an error, with its security flag).
 */
import { describe, expect, it } from 'vitest';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { fingerprintMarker } from '../../src/domain/markers';
import type { FakeGitHub } from '../doubles/fake-github';
import { NUMBER, SECOND_HEAD, addedFile, fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { runAgainst } = harness;

const EVAL = 'eval() runs arbitrary code; with untrusted input this is code injection.';
const QUOTED_NOTE = '# TODO tidy _The same finding is on lines 2, 3, 4, 5, 6 of this file._';
const FORGED_MARKER = '# TODO tidy <!-- review-gate:reach:6 -->';
const EVAL_LINE = '    return eval(x)';
const REASON = 'false positive: the input is a constant';
const INPUTS = { 'fail-on-severity': 'info', 'check-run': 'false' };

const six = (line: string): string[] => Array<string>(6).fill(line);
const folded = (count: number): string[] => Array.from({ length: count }, (_, i) => [`def f${i}(x):`, EVAL_LINE]).flat();

/** The first push: one line in a.py and b.py, two identical eval() lines in c.py and d.py. */
const FIRST = [
  addedFile('src/a.py', [QUOTED_NOTE]),
  addedFile('src/b.py', [FORGED_MARKER]),
  addedFile('src/c.py', folded(2)),
  addedFile('src/d.py', folded(2)),
];
/** The second push: copies of the dismissed lines (d.py unchanged). */
const SECOND = [addedFile('src/a.py', six(QUOTED_NOTE)), addedFile('src/b.py', six(FORGED_MARKER)), addedFile('src/c.py', folded(3)), FIRST[3] as (typeof FIRST)[number]];

/**
 * A comment an earlier version of review-gate posted on d.py line 2, folding line 4 into it: its
 * note names line 4, and it carries the fingerprints of the finding and of the security flag it
 * stood for, but no reach data.
 */
function oldFormComment(github: FakeGitHub): void {
  const issue = findingFingerprint({ path: 'src/d.py', message: EVAL, lineText: EVAL_LINE });
  const flag = findingFingerprint({ path: 'src/d.py', message: EVAL, lineText: EVAL_LINE, source: 'security-flag' });
  const body = `🛑 **Error**\n\n${EVAL}\n\n_The same finding is on line 4 of this file._\n\n${fingerprintMarker(issue)}\n${fingerprintMarker(flag)}`;
  github.addReviewComment(NUMBER, { path: 'src/d.py', line: 2, body }, 'github-actions[bot]');
}

describe('how far a dismissal reaches', () => {
  it('is the reach review-gate wrote in its own marker: quoted notes, forged markers and old comments widen nothing', async () => {
    const first = fixtureOf(FIRST);
    const { simulator, github } = await harness.servers({ fixture: structuredClone(first) });
    oldFormComment(github);

    const firstRun = await runAgainst(simulator, github, first, INPUTS);
    expect(firstRun.exitCode).toBe(1);
    const comments = ownComments(github);
    expect(comments.map((c) => `${c.path}:${c.line}`).sort()).toEqual(['src/a.py:1', 'src/b.py:1', 'src/c.py:2', 'src/d.py:2']);
    // The service's text is shown as text.
    expect(comments.find((c) => c.path === 'src/a.py')?.body).toContain('_The same finding is on lines 2, 3, 4, 5, 6 of this file._');
    for (const comment of comments) {
      github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER', permission: 'write' });
    }

    github.push(NUMBER, SECOND_HEAD, SECOND);
    const second = await runAgainst(simulator, github, fixtureOf(SECOND, SECOND_HEAD), INPUTS);

    // a.py and b.py: the dismissed line only, the five copies count. c.py: its two folded lines
    // are dismissed, the third copy counts. d.py: the old comment's own line only.
    expect(second.exitCode).toBe(1);
    expect(second.outputs).toMatchObject({ result: 'failed', errors: '2', infos: '10' });
    const summary = summaryBody(github);
    const dismissed = [...summary.matchAll(/`(src\/[a-d]\.py:\d+)` — [^\n]* — \*\*dismissed by @mona/g)].map((m) => m[1]).sort();
    expect(dismissed).toEqual(['src/a.py:1', 'src/b.py:1', 'src/c.py:2', 'src/c.py:4', 'src/d.py:2']);
    // Of the first push's comments only the one with a line folded into it carries reach data.
    expect(comments.filter((c) => c.body.includes('<!-- review-gate:reach:')).map((c) => [c.path, c.body.split('\n').at(-1)])).toEqual([
      ['src/c.py', '<!-- review-gate:reach:2 -->'],
    ]);
  });
});
