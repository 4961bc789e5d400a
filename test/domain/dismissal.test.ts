import { describe, expect, it } from 'vitest';
import { parseDismissCommand, whyCannotDismiss } from '../../src/domain/dismissal';
import type { BasePermission, RepositoryAccess } from '../../src/domain/repository-access';

describe('parseDismissCommand', () => {
  it.each([
    ['/review-gate dismiss false positive: input is validated upstream', 'false positive: input is validated upstream'],
    ['  /review-gate dismiss: covered by the schema check', 'covered by the schema check'],
    ['/review-gate dismiss — test-only code', 'test-only code'],
    ['/Review-Gate Dismiss upper case works', 'upper case works'],
    ['/review-gate dismiss first line\n\nsecond   line', 'first line second line'],
  ])('reads the reason of %j', (body, reason) => {
    expect(parseDismissCommand(body)).toEqual({ reason });
  });

  it.each(['/review-gate dismiss', '/review-gate dismiss   ', '/review-gate dismiss: ', '/review-gate dismiss ...', '/review-gate dismiss\n'])(
    'reads an empty reason from %j',
    (body) => {
      expect(parseDismissCommand(body)).toEqual({ reason: '' });
    },
  );

  it.each(['Please /review-gate dismiss this', '/review-gate dismissal is wrong', '/review-gate dismiss-all', 'review-gate dismiss no slash', ''])(
    'is not a dismissal: %j',
    (body) => {
      expect(parseDismissCommand(body)).toBeUndefined();
    },
  );
});

const known = (permission: BasePermission, role: string = permission): RepositoryAccess => ({ kind: 'known', login: 'mona', permission, role });

describe('whyCannotDismiss', () => {
  it.each([known('write'), known('write', 'maintain'), known('admin'), known('write', 'release-manager')])('lets %j dismiss', (access) => {
    expect(whyCannotDismiss(access)).toBeUndefined();
  });

  it.each<[RepositoryAccess, string]>([
    [known('read', 'triage'), '@mona has triage access; only people with write access can dismiss'],
    [known('none'), '@mona has no access to the repository; only people with write access can dismiss'],
    [{ kind: 'unknown', login: 'mona', why: 'GitHub answered 502' }, "@mona's access to the repository could not be read (GitHub answered 502); only people with write access can dismiss"],
  ])('says who may dismiss when %j may not', (access, why) => {
    expect(whyCannotDismiss(access)).toBe(why);
  });
});
