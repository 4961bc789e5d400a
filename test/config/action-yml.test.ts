/**
 * action.yml is the reference users read (the Marketplace, the workflow editor, and the README's
 * generated tables): every default and range it states must be what settings.ts does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_EXCLUDES, readSettings } from '../../src/config/settings';
import { ROOT } from '../doubles/run-action';
import { REQUIRED_INPUTS as required, inputReader as reader, settingsProblems as problemsOf } from './settings-inputs';

interface ActionInput { description: string; required?: boolean; default?: string }
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, ActionInput> };

/** `(1–3000)`, `(1–10,000,000)`, `(0.05–300, decimals allowed)` in a description. */
function statedRange(description: string): { min: number; max: number; decimals: boolean } | undefined {
  const match = /\(([\d.,]+)–([\d.,]+)(, decimals allowed)?\)/.exec(description) ?? /^([\d.,]+)–([\d.,]+)\./.exec(description);
  if (match === null) return undefined;
  const number = (text: string | undefined): number => Number((text ?? '').replace(/,/g, ''));
  return { min: number(match[1]), max: number(match[2]), decimals: match[3] !== undefined };
}

describe('action.yml states what settings.ts does', () => {
  const withDefault = Object.entries(action.inputs).filter(([, input]) => input.default !== undefined && !input.default.includes('${{'));

  it.each(withDefault)('the default of %s is the one settings.ts applies when the input is not set', (name, input) => {
    expect(readSettings(reader({ ...required, [name]: input.default ?? '' }))).toEqual(readSettings(reader(required)));
  });

  const ranged = Object.entries(action.inputs).flatMap(([name, input]) => {
    const range = statedRange(input.description);
    return range === undefined ? [] : [[name, range] as const];
  });

  it('states a range for every numeric input', () => {
    expect(ranged.map(([name]) => name).sort()).toEqual(
      ['concurrency', 'max-comments', 'max-duration', 'max-file-size', 'max-files', 'max-retries', 'min-score', 'request-timeout'],
    );
  });

  it.each(ranged)('%s accepts both ends of its stated range and refuses just past them', (name, { min, max, decimals }) => {
    const step = decimals ? 0.01 : 1;
    expect(problemsOf({ [name]: String(min) })).toEqual([]);
    expect(problemsOf({ [name]: String(max) })).toEqual([]);
    expect(problemsOf({ [name]: String(max + step) })).toHaveLength(1);
    if (min - step >= 0) expect(problemsOf({ [name]: String(Number((min - step).toFixed(2))) })).toHaveLength(1);
  });

  it('lists every default exclude glob in the exclude description', () => {
    const description = action.inputs.exclude?.description ?? '';
    for (const glob of DEFAULT_EXCLUDES) expect(description).toContain(`\`${glob}\``);
  });
});

describe('exclude: none', () => {
  const excludes = (exclude: string) => {
    const { exclude: own, defaultExcludes } = readSettings(reader({ ...required, exclude }));
    return { own, defaultExcludes };
  };

  it('excludes nothing, while an empty exclude keeps the default list and a set one replaces it', () => {
    expect(excludes('none')).toEqual({ own: [], defaultExcludes: [] });
    expect(excludes(' None\n')).toEqual({ own: [], defaultExcludes: [] });
    expect(excludes('')).toEqual({ own: [], defaultExcludes: [...DEFAULT_EXCLUDES] });
    expect(excludes('gen/**')).toEqual({ own: ['gen/**'], defaultExcludes: [] });
  });

  it('says in the description that the default list does not skip a supported file, and how to skip such files', () => {
    const description = (action.inputs.exclude?.description ?? '').replace(/\s+/g, ' ');
    expect(description).toContain('not reviewed');
    expect(description).toContain('set `exclude`');
  });
});
