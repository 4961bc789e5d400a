import { describe, expect, it } from 'vitest';
import { commentSkipReason, reviewCommentOf } from '../../src/config/dismissal-event';
import type { ReviewCommentEvent } from '../../src/config/dismissal-event';
import type { AccessReader, RepositoryAccess } from '../../src/domain/repository-access';

const event = (payload: unknown, name = 'pull_request_review_comment') => ({ name, repository: 'acme/widgets', payload });
const dismissal: ReviewCommentEvent = { action: 'created', body: '/review-gate dismiss safe', author: { login: 'mona', type: 'User' }, inReplyTo: 5 };
const notOwn = (): Promise<boolean> => Promise.resolve(false);
const writer: AccessReader = (login) => Promise.resolve({ kind: 'known', login, permission: 'write', role: 'write' });

describe('reviewCommentOf', () => {
  it('reads the comment of a pull_request_review_comment event', () => {
    const payload = { action: 'created', comment: { body: '/review-gate dismiss safe', user: { login: 'mona', type: 'User' }, in_reply_to_id: 5 } };
    expect(reviewCommentOf(event(payload))).toEqual(dismissal);
  });

  it('is undefined for other events, and tolerates a payload without a comment', () => {
    expect(reviewCommentOf(event({}, 'pull_request'))).toBeUndefined();
    expect(reviewCommentOf(event({}))).toEqual({ action: '', body: '', author: null, inReplyTo: undefined });
  });
});

describe('commentSkipReason', () => {
  it('acts on a new or edited reply by a person that starts with the command', async () => {
    expect(await commentSkipReason(dismissal, 'maintainers', notOwn, writer)).toBeUndefined();
    expect(await commentSkipReason({ ...dismissal, action: 'edited' }, 'maintainers', notOwn, writer)).toBeUndefined();
  });

  it.each<[string, ReviewCommentEvent, RegExp]>([
    ['deleted', { ...dismissal, action: 'deleted' }, /was deleted, and only a new or edited dismissal re-decides the gate/],
    ['by a bot', { ...dismissal, author: { login: 'x[bot]', type: 'Bot' } }, /review-gate’s own \(or another bot’s\)/],
    ['without an author', { ...dismissal, author: null }, /review-gate’s own/],
    ['not a command', { ...dismissal, body: 'LGTM' }, /does not start with "\/review-gate dismiss"/],
    ['not a reply', { ...dismissal, inReplyTo: undefined }, /not a reply to a review-gate comment/],
  ])('skips a comment %s, saying why', async (_, comment, why) => {
    expect(await commentSkipReason(comment, 'maintainers', notOwn, writer)).toMatch(why);
  });

  it("skips the token's own comment, asking who it is only when nothing cheaper decided", async () => {
    const asked: string[] = [];
    const isOwn = (author: ReviewCommentEvent['author']): Promise<boolean> => {
      asked.push(author?.login ?? '');
      return Promise.resolve(true);
    };
    expect(await commentSkipReason({ ...dismissal, body: 'LGTM' }, 'maintainers', isOwn, writer)).toMatch(/does not start/);
    expect(asked).toEqual([]);
    expect(await commentSkipReason(dismissal, 'maintainers', isOwn, writer)).toMatch(/own/);
    expect(asked).toEqual(['mona']);
  });

  it.each<[string, RepositoryAccess, string]>([
    ['read', { kind: 'known', login: 'mona', permission: 'read', role: 'read' }, '@mona has read access'],
    ['triage', { kind: 'known', login: 'mona', permission: 'read', role: 'triage' }, '@mona has triage access'],
    ['no access', { kind: 'known', login: 'mona', permission: 'none', role: 'none' }, '@mona has no access to the repository'],
    ['an unreadable answer', { kind: 'unknown', login: 'mona', why: 'GitHub answered 404: Not Found' }, "@mona's access to the repository could not be read (GitHub answered 404: Not Found)"],
  ])('skips a dismissal by someone with %s, asking for the access last', async (_, found, what) => {
    const asked: string[] = [];
    const access: AccessReader = (login) => {
      asked.push(login);
      return Promise.resolve(found);
    };
    expect(await commentSkipReason({ ...dismissal, inReplyTo: undefined }, 'maintainers', notOwn, access)).toMatch(/not a reply/);
    expect(asked).toEqual([]);
    expect(await commentSkipReason(dismissal, 'maintainers', notOwn, access)).toBe(`${what}; only people with write access can dismiss, so the reply changes nothing`);
    expect(asked).toEqual(['mona']);
  });

  it('skips every comment with dismiss: off', async () => {
    expect(await commentSkipReason(dismissal, 'off', notOwn, writer)).toBe('dismissals are turned off (dismiss: off), so a review comment changes nothing');
  });
});
