import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import { REQUIRED_INPUTS, inputReader, settingsProblems as problemsOf } from './settings-inputs';

const read = (inputs: Record<string, string>) => readSettings(inputReader({ ...REQUIRED_INPUTS, ...inputs }));

describe('max-duration', () => {
  it('defaults to 30 minutes, well under the 360 minutes GitHub gives a job', () => {
    expect(read({}).maxDurationMs).toBe(30 * 60_000);
  });

  it.each([
    ['0.5', 30_000],
    ['0.05', 3_000],
    ['45', 45 * 60_000],
    ['300', 300 * 60_000],
    ['.25', 15_000],
  ])('takes %s minutes', (raw, ms) => {
    expect(read({ 'max-duration': raw }).maxDurationMs).toBe(ms);
  });

  it.each(['0', '0.01', '301', 'ten', '5m', '-1', '1e2', ''.padEnd(3, ' ') + 'x'])('refuses %s, quoting it', (raw) => {
    expect(problemsOf({ 'max-duration': raw })).toEqual([
      `Invalid max-duration '${raw.trim()}'. Expected a number of minutes from 0.05 to 300, such as 30 or 0.5.`,
    ]);
  });
});

describe('include and exclude globs', () => {
  it('refuses a glob whose character range is out of order, naming the input and the pattern', () => {
    expect(problemsOf({ include: 'src/**, [z-a]' })).toEqual([
      "Invalid include glob '[z-a]': range out of order in character class. Expected a glob such as src/** or *.py; escape a literal bracket as \\[.",
    ]);
  });

  it('refuses unclosed brackets and braces in exclude, each reported with the other bad inputs', () => {
    const problems = problemsOf({ exclude: 'gen/[abc, **/*.{ts', concurrency: 'zero' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Invalid exclude glob 'gen\/\[abc': missing closing: "\]"/);
    expect(problems[1]).toMatch(/^Invalid exclude glob '\*\*\/\*\.\{ts': missing closing: "\}"/);
    expect(problems[2]).toMatch(/^Invalid concurrency 'zero'/);
  });

  it('keeps a comma inside braces in its glob instead of splitting the list there', () => {
    expect(read({ include: 'src/**, {lib,app}/**/*.ts\n*.py' }).include).toEqual(['src/**', '{lib,app}/**/*.ts', '*.py']);
  });

  it('accepts the globs people write, the default excludes and escaped brackets', () => {
    expect(problemsOf({ include: 'src/**, *.py, {lib,app}/**/*.ts, test/[a-z]*.go, docs/\\[draft\\].py' })).toEqual([]);
  });
});
