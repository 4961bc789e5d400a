import { describe, expect, it } from 'vitest';
import { integer, list, nullable, object, optional, string } from '../../src/domain/shape';
import { GitHubApiError, GitHubListError } from '../../src/github/errors';
import { readPagedList, readRestList, wrapListFailure } from '../../src/github/paged-list';
import type { ListPage, ListSpec } from '../../src/github/paged-list';
import { listRefusal } from './helpers';

const COMMENT = object({ id: integer, body: string, user: nullable(object({ login: string, type: optional(string) })) });
const spec: ListSpec<ReturnType<typeof COMMENT>> = { what: 'the comments of o/r#1', entry: COMMENT, identity: (c) => `comment ${c.id}` };
const comment = (id: number, body = `c${id}`) => ({ id, body, user: { login: 'octocat', type: 'User' }, node_id: `N${id}` });

/** Serves `pages` in order, each saying whether another follows; records the pages asked for. */
function pages(...served: unknown[][]): { fetch: (page: number) => Promise<ListPage>; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    fetch: (page) => {
      asked.push(page);
      return Promise.resolve({ entries: served[page - 1] ?? [], more: page < served.length });
    },
  };
}


describe('readPagedList', () => {
  it('reads every page in order, keeping only the fields the caller reads', async () => {
    const served = pages([comment(1), comment(2)], [comment(3)]);

    const read = await readPagedList(spec, served.fetch);

    expect(read).toEqual([1, 2, 3].map((id) => ({ id, body: `c${id}`, user: { login: 'octocat', type: 'User' } })));
    expect(served.asked).toEqual([1, 2]);
  });

  it('keeps an entry repeated across pages once, in its first place', async () => {
    const read = await readPagedList(spec, pages([comment(1), comment(2)], [comment(2), comment(3)], [comment(1)]).fetch);
    expect(read.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('refuses two entries of one identity that differ, naming both places and the fields', async () => {
    const message = await listRefusal(readPagedList(spec, pages([comment(1), comment(2)], [comment(2, 'edited')]).fetch));
    expect(message).toBe(
      "GitHub's list of the comments of o/r#1 changed while it was read: comment 2 is at page 1, position 2 and again at page 2, position 1, with another body; run again once it is stable",
    );
  });

  it('does not tell apart entries that differ only in fields the caller does not read', async () => {
    const read = await readPagedList(spec, pages([comment(1)], [{ ...comment(1), node_id: 'other', reactions: 3 }]).fetch);
    expect(read).toHaveLength(1);
  });

  it.each([
    [[comment(1), null], 'has a null entry (page 1, position 2)'],
    [[comment(1), undefined], 'has a missing entry (page 1, position 2)'],
    [[comment(1), 'comment'], 'has a malformed entry (page 1, position 2): is not an object (got "comment")'],
    [[{ ...comment(1), id: '1' }], 'has a malformed entry (page 1, position 1): id is not a whole number (got "1")'],
    [[{ ...comment(1), id: 1.5 }], 'has a malformed entry (page 1, position 1): id is not a whole number (got 1.5)'],
    [[{ ...comment(1), body: undefined }], 'has a malformed entry (page 1, position 1): body is not a string (got nothing)'],
    [[{ ...comment(1), user: { login: null } }], 'has a malformed entry (page 1, position 1): user.login is not a string (got null)'],
    [[{ ...comment(1), user: [] }], 'has a malformed entry (page 1, position 1): user is not an object (got [])'],
  ])('refuses %j with the list, the page and the position', async (entries, detail) => {
    expect(await listRefusal(readPagedList(spec, pages(entries).fetch))).toBe(`GitHub's list of the comments of o/r#1 ${detail}`);
  });

  it('reads null as absent for an optional field and keeps null for a nullable one', async () => {
    const [read] = await readPagedList(spec, pages([{ ...comment(1), user: null }, { ...comment(2), user: { login: 'ghost', type: null } }]).fetch);
    expect(read).toEqual({ id: 1, body: 'c1', user: null });
    const [, second] = await readPagedList(spec, pages([comment(1), { ...comment(2), user: { login: 'ghost', type: null } }]).fetch);
    expect(second).toEqual({ id: 2, body: 'c2', user: { login: 'ghost' } });
  });

  it('refuses a page that is not a list', async () => {
    const message = await listRefusal(readPagedList(spec, () => Promise.resolve({ entries: { message: 'Moved' }, more: false })));
    expect(message).toBe(`GitHub's list of the comments of o/r#1 has {"message":"Moved"} for page 1, not a list of entries`);
  });

  it('refuses a list that never ends after its page bound, without asking for more', async () => {
    const asked: number[] = [];
    const forever = (page: number): Promise<ListPage> => {
      asked.push(page);
      return Promise.resolve({ entries: [comment(1)], more: true });
    };
    const message = await listRefusal(readPagedList({ ...spec, maxPages: 5 }, forever));
    expect(message).toBe("GitHub's list of the comments of o/r#1 did not end after 5 pages; it is not read further");
    expect(asked).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at maxEntries distinct entries, duplicates not counted', async () => {
    const served = pages([comment(1), comment(1), comment(2)], [comment(3), comment(4)]);
    const read = await readPagedList({ ...spec, maxEntries: 3 }, served.fetch);
    expect(read.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('keeps every entry of a list without identity, equal ones included', async () => {
    const POINT = object({ path: string, line: integer });
    const read = await readPagedList({ what: 'the annotations of check run 9', entry: POINT }, pages([{ path: 'a', line: 1 }], [{ path: 'a', line: 1 }]).fetch);
    expect(read).toEqual([{ path: 'a', line: 1 }, { path: 'a', line: 1 }]);
  });

  it('checks lists inside an entry, naming the index', async () => {
    const THREAD = object({ id: string, comments: list(object({ databaseId: integer })) });
    const message = await listRefusal(readPagedList({ what: 'the threads', entry: THREAD }, pages([{ id: 'T', comments: [{ databaseId: 1 }, { databaseId: 'x' }] }]).fetch));
    expect(message).toBe("GitHub's list of the threads has a malformed entry (page 1, position 1): comments[1].databaseId is not a whole number (got \"x\")");
  });
});

describe('readRestList', () => {
  const answer = (data: unknown, next: boolean) => ({ data, headers: next ? { link: '<https://api.github.com/x?page=2>; rel="next"' } : {} });

  it('asks for the next page while GitHub links one, a short page included', async () => {
    const asked: number[] = [];
    const served = [answer([comment(1), comment(2)], true), answer([comment(3)], true), answer([comment(4)], false)];
    const read = await readRestList({ ...spec, perPage: 2 }, (page) => {
      asked.push(page);
      return Promise.resolve(served[page - 1]!);
    });
    // Page 2 is short, and GitHub still links page 3: the list goes on.
    expect(read.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('ends at a short page without a next link, asking for nothing more', async () => {
    const asked: number[] = [];
    const read = await readRestList({ ...spec, perPage: 2 }, (page) => {
      asked.push(page);
      return Promise.resolve(answer([comment(page)], false));
    });
    expect(read.map((c) => c.id)).toEqual([1]);
    expect(asked).toEqual([1]);
  });

  it('ends at a full page without a next link', async () => {
    const asked: number[] = [];
    await readRestList({ ...spec, perPage: 1 }, (page) => {
      asked.push(page);
      return Promise.resolve(answer([comment(page)], false));
    });
    expect(asked).toEqual([1]);
  });

  it('finds the entries in a body that wraps them', async () => {
    const read = await readRestList(
      { ...spec, perPage: 100 },
      () => Promise.resolve(answer({ total_count: 1, comments: [comment(1)] }, false)),
      (data) => (data as { comments: unknown }).comments,
    );
    expect(read.map((c) => c.id)).toEqual([1]);
  });
});

describe('wrapListFailure', () => {
  it('keeps a refused list as it is and names a failed request with its action', () => {
    const refused = new GitHubListError('GitHub\'s list of x has a null entry (page 1, position 1)');
    expect(wrapListFailure('Listing x', refused)).toBe(refused);
    const failed = wrapListFailure('Listing x', Object.assign(new Error('Server Error'), { status: 502, response: { data: { message: 'Server Error' } } }));
    expect(failed).toBeInstanceOf(GitHubApiError);
    expect(failed.message).toBe('Listing x failed: GitHub answered 502 — Server Error');
  });
});
