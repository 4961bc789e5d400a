/**
 * A GitHub answer read through its shape (domain/shape.ts): the fields its caller reads, with
 * their types, or an `EntryShapeError` naming the field and what was there — `user.login is not a
 * string (got null)` — which the caller puts in its own words (the list, the page, the position).
 */
import { ShapeError } from '../domain/shape';
import type { Shape } from '../domain/shape';

/** What is wrong with an entry: `path` names the field (`user.login`), empty for the entry itself. */
export class EntryShapeError extends Error {
  override readonly name = 'EntryShapeError' as const;
  constructor(
    readonly path: string,
    readonly problem: string,
    options?: ErrorOptions,
  ) {
    super(path === '' ? problem : `${path} ${problem}`, options);
  }
}

/** `value` read as `shape` (its fields named from `path`), or an EntryShapeError saying what is off. */
export function readEntry<T>(shape: Shape<T>, value: unknown, path = ''): T {
  try {
    return shape(value, path);
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    throw new EntryShapeError(error.path, `is not ${error.expected} (got ${error.shown})`, { cause: error });
  }
}
