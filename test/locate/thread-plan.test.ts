import { describe, expect, it } from 'vitest';
import { findFixed, planThreadActions } from '../../src/locate/thread-plan';
import type { OwnThreadComment } from '../../src/domain/feedback';

const comment = (id: number, over: Partial<OwnThreadComment> = {}): OwnThreadComment => ({
  id, path: 'src/a.py', fingerprints: [`fp${id}`], body: `body ${id}`, humanReplies: 0, markedFixed: false, ...over,
});

describe('findFixed', () => {
  it('finds the comments whose fingerprint no finding of this run has, in files reviewed this run', () => {
    const own = [
      comment(1),
      comment(2),
      comment(3, { path: 'src/not-reviewed.py' }),
      comment(4, { markedFixed: true }),
      comment(5, { fingerprints: [] }),
      comment(6, { fingerprints: ['fp6', 'fp2'] }),
    ];
    const fixed = findFixed(own, new Set(['fp2']), new Set(['src/a.py']));
    expect(fixed.map((c) => c.id)).toEqual([1]);
  });
});

describe('planThreadActions', () => {
  const threads = new Map([
    [1, { id: 'T1', isResolved: false }],
    [2, { id: 'T2', isResolved: true }],
    [3, { id: 'T3', isResolved: false }],
  ]);

  it('resolves open threads, skips resolved ones, and edits only threads without human replies when resolving is refused', () => {
    const actions = planThreadActions([comment(1), comment(2), comment(3, { humanReplies: 2 })], threads);
    expect(actions.map((a) => [a.kind, a.comment.id, a.kind === 'resolve' ? [a.threadId, a.editIfRefused] : undefined])).toEqual([
      ['resolve', 1, ['T1', true]],
      ['resolve', 3, ['T3', false]],
    ]);
  });

  it('edits when no thread is known, and leaves a thread people replied in', () => {
    const actions = planThreadActions([comment(1), comment(9, { humanReplies: 1 })], undefined);
    expect(actions).toEqual([
      { kind: 'edit', comment: comment(1) },
      { kind: 'leave', comment: comment(9, { humanReplies: 1 }), why: 'its review thread could not be found to resolve, and people replied in it' },
    ]);
  });

  it('treats a comment missing from the thread list like an unknown thread', () => {
    expect(planThreadActions([comment(7)], threads)).toEqual([{ kind: 'edit', comment: comment(7) }]);
  });
});
