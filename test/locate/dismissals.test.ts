import { describe, expect, it } from 'vitest';
import { applyDismissals, judgeDismissals } from '../../src/locate/dismissals';
import type { DismissedThread } from '../../src/locate/dismissals';
import type { DismissalReply } from '../../src/domain/dismissal';
import { findingFingerprint } from '../../src/locate/fingerprint';
import type { BasePermission, RepositoryAccess } from '../../src/domain/repository-access';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { LabelledFinding } from '../../src/domain/findings';
import { labelled, reviewedFile } from '../support/findings';

const known = (permission: BasePermission, role: string = permission): RepositoryAccess => ({ kind: 'known', login: 'mona', permission, role });

const reply = (over: Partial<DismissalReply>): DismissalReply => ({
  commentId: 10,
  fingerprints: ['fp1'],
  threadId: 5,
  line: 6,
  occurrences: 1,
  login: 'mona',
  access: known('write'),
  body: '/review-gate dismiss false positive',
  ...over,
});

describe('judgeDismissals', () => {
  it.each<[string, RepositoryAccess]>([
    ['write', known('write')],
    ['maintain', known('write', 'maintain')],
    ['admin', known('admin')],
    ['a custom role built on write', known('write', 'release-manager')],
  ])('accepts a reasoned dismissal by someone with %s', (_, access) => {
    const judged = judgeDismissals([reply({ access })], 'maintainers');
    expect(judged.accepted.get('fp1')).toEqual([{ by: 'mona', reason: 'false positive', threadId: 5, line: 6, occurrences: 1 }]);
    expect(judged.refused.size).toBe(0);
  });

  it.each<[RepositoryAccess | undefined, string]>([
    [known('read'), '@mona has read access'],
    [known('read', 'triage'), '@mona has triage access'],
    [known('none'), '@mona has no access to the repository'],
    [known('read', 'security-reviewer'), "@mona has the custom role \"security-reviewer\" (base permission read)"],
    [{ kind: 'unknown', login: 'mona', why: 'GitHub answered 403: Forbidden' }, "@mona's access to the repository could not be read (GitHub answered 403: Forbidden)"],
    [undefined, "@mona's access to the repository could not be read (it was not asked)"],
  ])('refuses a dismissal by someone without write access (%j), saying what they have', (access, what) => {
    const judged = judgeDismissals([reply({ access })], 'maintainers');
    expect(judged.accepted.size).toBe(0);
    expect(judged.refused.get('fp1')).toEqual([`@mona's dismissal does not count: ${what}; only people with write access can dismiss`]);
  });

  it("refuses a maintainer's dismissal without a reason", () => {
    const judged = judgeDismissals([reply({ body: '/review-gate dismiss' })], 'maintainers');
    expect(judged.refused.get('fp1')).toEqual([`@mona's dismissal gives no reason (write "/review-gate dismiss <reason>"), so it does not count`]);
  });

  it('refuses every dismissal with dismiss: off', () => {
    const judged = judgeDismissals([reply({ access: known('admin') })], 'off');
    expect(judged.accepted.size).toBe(0);
    expect(judged.refused.get('fp1')).toEqual([`@mona's dismissal does not count: dismissals are turned off (dismiss: off)`]);
  });

  it('keeps the oldest reasoned dismissal of a fingerprint and ignores replies that are no command', () => {
    const judged = judgeDismissals(
      [
        reply({ commentId: 30, login: 'later', body: '/review-gate dismiss later reason' }),
        reply({ commentId: 20, login: 'first', body: '/review-gate dismiss first reason' }),
        reply({ commentId: 25, body: 'just chatting' }),
      ],
      'maintainers',
    );
    expect(judged.accepted.get('fp1')).toEqual([{ by: 'first', reason: 'first reason', threadId: 5, line: 6, occurrences: 1 }]);
    expect(judged.refused.size).toBe(0);
  });
});

describe('applyDismissals', () => {
  const finding = (line: number, lineText: string, extra: Partial<LabelledFinding> = {}): LabelledFinding =>
    labelled({ path: 'src/a.py', line, severity: 'error', message: 'eval() runs arbitrary code', suggestion: '', location: 'added-line', lineText, ...extra });
  const thread = (over: Partial<DismissedThread> = {}): DismissedThread => ({ by: 'mona', reason: 'x', threadId: 5, line: 6, occurrences: 1, ...over });
  const outcome = (findings: LabelledFinding[]): FileOutcome => reviewedFile('src/a.py', { findings });

  it('dismisses by fingerprint, whatever line the finding moved to', () => {
    const moved = finding(40, '    return eval(raw)');
    const fp = findingFingerprint(finding(6, '    return eval(raw)'));
    const [labelled] = applyDismissals([outcome([moved, finding(41, 'other = eval(x)')])], { accepted: new Map([[fp, [thread({ reason: 'safe' })]]]), refused: new Map() });
    expect(labelled?.kind === 'reviewed' && labelled.findings.map((f) => f.disposition)).toEqual([{ kind: 'dismissed', by: 'mona', reason: 'safe' }, undefined]);
  });

  it('keeps a suppression in code over a dismissal, and lists refused dismissals on the finding', () => {
    const suppressed = finding(1, 'a', { disposition: { kind: 'suppressed', reason: 'fixture', line: 1 } });
    const other = finding(2, 'b');
    const judged = {
      accepted: new Map([[findingFingerprint(suppressed), [thread({ line: 1 })]]]),
      refused: new Map([[findingFingerprint(other), ['no reason']]]),
    };
    const [labelled] = applyDismissals([outcome([suppressed, other]), { kind: 'skipped', path: 'b.md', reason: 'language' }], judged);
    expect(labelled?.kind === 'reviewed' && labelled.findings.map((f) => [f.disposition?.kind, f.refusedDispositions])).toEqual([
      ['suppressed', undefined],
      [undefined, ['no reason']],
    ]);
  });
});
