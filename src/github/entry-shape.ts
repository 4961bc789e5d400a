/**
 * The shape of one entry of a GitHub list: the fields a caller reads, with their types. Reading
 * an entry through its shape gives exactly those fields, typed, or throws an `EntryShapeError`
 * naming the field and what was there — never a `TypeError` deep in the caller.
 *
 * Optional fields (`optional`) may be absent, `undefined` or `null`: all three mean "not given",
 * and the field is left out of the result. `nullable` fields must be present, and may be `null`.
 */
import { quoteValue } from '../domain/quote-value';

/** What is wrong with an entry: `path` names the field (`user.login`), empty for the entry itself. */
export class EntryShapeError extends Error {
  override readonly name = 'EntryShapeError' as const;
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path === '' ? problem : `${path} ${problem}`);
  }
}

/** Reads a value as T, or throws an EntryShapeError with `path` for where it sits. */
export type Shape<T> = (value: unknown, path: string) => T;

/** A field that may be left out. */
export interface Optional<T> {
  readonly optional: Shape<T>;
}

type Fields = Record<string, Shape<unknown> | Optional<unknown>>;
type RequiredKeys<F extends Fields> = { [K in keyof F]: F[K] extends Optional<unknown> ? never : K }[keyof F];
type OptionalKeys<F extends Fields> = Exclude<keyof F, RequiredKeys<F>>;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The entry type an `object()` shape reads. */
export type ObjectOf<F extends Fields> = Flatten<
  { [K in RequiredKeys<F>]: F[K] extends Shape<infer T> ? T : never } & { [K in OptionalKeys<F>]?: F[K] extends Optional<infer T> ? T : never }
>;

function expected(what: string): (value: unknown, path: string) => never {
  return (value, path) => {
    throw new EntryShapeError(path, `is not ${what} (got ${quoteValue(value, 40)})`);
  };
}

export const string: Shape<string> = (value, path) => (typeof value === 'string' ? value : expected('a string')(value, path));

export const boolean: Shape<boolean> = (value, path) => (typeof value === 'boolean' ? value : expected('true or false')(value, path));

/** A whole number (ids, line numbers, counts), within the range JavaScript holds exactly. */
export const integer: Shape<number> = (value, path) => (Number.isSafeInteger(value) ? (value as number) : expected('a whole number')(value, path));

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, path) => (value === null ? null : shape(value, path));
}

export function optional<T>(shape: Shape<T>): Optional<T> {
  return { optional: shape };
}

const isOptional = (field: Shape<unknown> | Optional<unknown>): field is Optional<unknown> => typeof field === 'object';

/** An object with these fields; other fields are not read, and not kept. */
export function object<F extends Fields>(fields: F): Shape<ObjectOf<F>> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return expected('an object')(value, path);
    const source = value as Record<string, unknown>;
    const read: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
      const at = path === '' ? name : `${path}.${name}`;
      const given = source[name];
      if (isOptional(field)) {
        if (given !== undefined && given !== null) read[name] = field.optional(given, at);
      } else {
        read[name] = field(given, at);
      }
    }
    return read as ObjectOf<F>;
  };
}

/** A list of entries of one shape. */
export function list<T>(shape: Shape<T>): Shape<T[]> {
  return (value, path) => (Array.isArray(value) ? value.map((item, i) => shape(item, `${path}[${i}]`)) : expected('a list')(value, path));
}
