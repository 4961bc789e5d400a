/**
 * Reading untrusted JSON through its shape: the fields a caller reads, with their types. GitHub's
 * entries, the review service's answers and the requests sent to it are read this one way: the
 * result holds exactly those fields, typed, or a `ShapeError` names where the value is off
 * (`issues[2].line`), what was expected there and what was there — never a `TypeError` deep in
 * the caller. Each adapter wraps the ShapeError in its own error, in its own words.
 *
 * `optional` fields may be absent, `undefined` or `null`: all three mean "not given", and the
 * field is left out of the result. `nullable` fields must be present, and may be `null`. Fields an
 * `object` shape does not name are not read, and not kept.
 */
import { quoteValue } from './quote-value';

/** A value that is not what its shape expects: where it sits (`''` for the value read itself), what was expected, and what was there. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError' as const;
  /** The value as a message quotes it (`quoteValue`). */
  readonly shown: string;
  /** Nothing was there: the value was `undefined` or `null`, so a required field is missing. */
  readonly absent: boolean;

  constructor(
    readonly path: string,
    /** What was expected, as a noun: `a string`, `one of error, warning, info`. */
    readonly expected: string,
    value: unknown,
  ) {
    const shown = quoteValue(value);
    super(`${path === '' ? 'the value' : path} is not ${expected} (got ${shown})`);
    this.shown = shown;
    this.absent = value === undefined || value === null;
  }
}

/** Reads a value as T, or throws a ShapeError with `path` for where it sits. */
export type Shape<T> = (value: unknown, path: string) => T;

/** A field that may be left out. */
export interface Optional<T> {
  readonly optional: Shape<T>;
}

type Fields = Record<string, Shape<unknown> | Optional<unknown>>;
type RequiredKeys<F extends Fields> = { [K in keyof F]: F[K] extends Optional<unknown> ? never : K }[keyof F];
type OptionalKeys<F extends Fields> = Exclude<keyof F, RequiredKeys<F>>;
type Flatten<T> = { [K in keyof T]: T[K] };

/** What an `object()` shape reads. */
export type ObjectOf<F extends Fields> = Flatten<
  { [K in RequiredKeys<F>]: F[K] extends Shape<infer T> ? T : never } & { [K in OptionalKeys<F>]?: F[K] extends Optional<infer T> ? T : never }
>;

/** A value that passes `test`, described as `expected` when it does not. */
export function such<T>(expected: string, test: (value: unknown) => value is T): Shape<T> {
  return (value, path) => {
    if (test(value)) return value;
    throw new ShapeError(path, expected, value);
  };
}

/** A value of `shape` that also passes `test`, described as `expected` when it does not. */
export function refine<T>(shape: Shape<T>, expected: string, test: (value: T) => boolean): Shape<T> {
  return (value, path) => {
    const read = shape(value, path);
    if (test(read)) return read;
    throw new ShapeError(path, expected, value);
  };
}

export const string: Shape<string> = such('a string', (value): value is string => typeof value === 'string');

export const boolean: Shape<boolean> = such('true or false', (value): value is boolean => typeof value === 'boolean');

/** A whole number (ids, line numbers, counts), within the range JavaScript holds exactly. */
export const integer: Shape<number> = such('a whole number', (value): value is number => Number.isSafeInteger(value));

/** Any finite number, fractions included. */
export const number: Shape<number> = such('a number', (value): value is number => typeof value === 'number' && Number.isFinite(value));

/** Whatever is there, absent included: for a field read tolerantly by its caller. */
export const anything: Shape<unknown> = (value) => value;

/** One of these strings, exactly. */
export function oneOf<T extends string>(values: readonly T[]): Shape<T> {
  return such(`one of ${values.join(', ')}`, (value): value is T => typeof value === 'string' && (values as readonly string[]).includes(value));
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, path) => (value === null ? null : shape(value, path));
}

export function optional<T>(shape: Shape<T>): Optional<T> {
  return { optional: shape };
}

const isOptional = (field: Shape<unknown> | Optional<unknown>): field is Optional<unknown> => typeof field === 'object';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with these fields, read in the order they are named here. */
export function object<F extends Fields>(fields: F): Shape<ObjectOf<F>> {
  return (value, path) => {
    if (!isRecord(value)) throw new ShapeError(path, 'an object', value);
    const read: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
      const at = path === '' ? name : `${path}.${name}`;
      // Only the object's own fields: `constructor` or `toString` is never read from its prototype.
      const given = Object.hasOwn(value, name) ? value[name] : undefined;
      if (isOptional(field)) {
        if (given !== undefined && given !== null) read[name] = field.optional(given, at);
      } else {
        read[name] = field(given, at);
      }
    }
    return read as ObjectOf<F>;
  };
}

/** An array of values of one shape, read into a new array. */
export function list<T>(shape: Shape<T>): Shape<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new ShapeError(path, 'an array', value);
    return value.map((item, i) => shape(item, `${path}[${i}]`));
  };
}
