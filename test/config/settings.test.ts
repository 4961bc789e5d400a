import { describe, expect, it } from 'vitest';
import { DEFAULT_EXCLUDES, readSettings } from '../../src/config/settings';
import { REQUIRED_INPUTS as base, inputReader as reader, settingsProblems as problemsOf } from './settings-inputs';

describe('readSettings', () => {
  it('applies the documented defaults when only the required inputs are set', () => {
    const settings = readSettings(reader(base));
    expect(settings).toMatchObject({
      apiUrl: 'https://api.example.com',
      focusAreas: [],
      include: [],
      exclude: [],
      defaultExcludes: [...DEFAULT_EXCLUDES],
      maxFiles: 300,
      maxFileSize: 100_000,
      concurrency: 4,
      maxRetries: 3,
      requestTimeoutMs: 60_000,
      failOnSeverity: 'error',
      gateScope: 'added',
      minScore: 0,
      onIncomplete: 'fail',
      scoreBaseline: 'none',
      checkRun: true,
      checkName: 'review-gate',
      prNumber: undefined,
      maxComments: 25,
      dryRun: false,
    });
  });

  it('parses comma- and newline-separated lists, trimming and dropping empties and duplicates', () => {
    const settings = readSettings(
      reader({ ...base, 'focus-areas': 'security,\n Performance ,, security', include: 'src/**\n\nlib/*.py,' }),
    );
    expect(settings.focusAreas).toEqual(['security', 'performance']);
    expect(settings.include).toEqual(['src/**', 'lib/*.py']);
  });

  it.each([
    ['concurrency', 'zero', "Invalid concurrency 'zero'. Expected a whole number from 1 to 32."],
    ['min-score', '150', "Invalid min-score '150'. Expected a whole number from 0 to 100."],
    ['fail-on-severity', 'fatal', "Invalid fail-on-severity 'fatal'. Expected one of: error, warning, info, never."],
    ['focus-areas', 'security,speed', "Invalid focus-areas entry 'speed'. Expected any of: security, performance, readability, best_practices."],
    ['max-files', '2.5', "Invalid max-files '2.5'. Expected a whole number from 1 to 10000."],
    ['gate-scope', 'everything', "Invalid gate-scope 'everything'. Expected one of: added, file."],
    ['on-incomplete', 'ignore', "Invalid on-incomplete 'ignore'. Expected one of: fail, pass, neutral."],
    ['score-baseline', 'head', "Invalid score-baseline 'head'. Expected one of: none, base."],
    ['check-run', 'sometimes', "Invalid check-run 'sometimes'. Expected true or false."],
    ['check-name', 'x'.repeat(101), `Invalid check-name '${'x'.repeat(100)}'. Expected one line of at most 100 characters, such as review-gate.`],
    ['check-name', 'review\tgate', "Invalid check-name 'review\tgate'. Expected one line of at most 100 characters, such as review-gate."],
    ['dry-run', 'maybe', "Invalid dry-run 'maybe'. Expected true or false."],
    ['api-url', 'https://api.example.com/v1', "Invalid api-url 'https://api.example.com/v1'. Give the base URL without '/v1'; the action adds it."],
    ['api-url', 'ftp://x', "Invalid api-url 'ftp://x'. Expected an http(s) URL such as https://api.example.com."],
    ['exclude', '/abs/**', "Invalid glob '/abs/**'. Paths are relative to the repository root: drop the leading '/'."],
  ])('rejects %s: %s with a message that quotes it', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('reports every bad input at once', () => {
    const problems = problemsOf({ concurrency: '0', 'min-score': '-1', 'api-key': '' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Input api-key is required and was not set. Pass it from a secret/);
  });

  it("says where a missing api-key comes from on a fork's and on Dependabot's pull requests, and how to give it or skip them", () => {
    const [missing] = problemsOf({ 'api-key': '' });
    expect(missing).toContain('On pull requests from forks GitHub passes no secrets');
    expect(missing).toContain("on Dependabot's pull requests it passes Dependabot's secrets only: add REVIEW_GATE_API_KEY there too (Settings → Secrets and variables → Dependabot)");
    expect(missing).toContain("or skip Dependabot's pull requests");
  });

  it('strips a trailing slash from api-url and keeps a path prefix', () => {
    expect(readSettings(reader({ ...base, 'api-url': 'https://gw.example.com/assist/' })).apiUrl).toBe(
      'https://gw.example.com/assist',
    );
  });

  it.each(['https://user:hunter2@api.example.com', 'https://bob:hunter2@api.example.com/v1', 'ftp://bob:hunter2@x', 'bob:hunter2@nowhere'])(
    'does not echo credentials embedded in api-url %s',
    (url) => {
      const problems = problemsOf({ 'api-url': url });
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.join('\n')).not.toContain('hunter2');
    },
  );

  it('refuses /v1 in api-url whatever its case', () => {
    expect(problemsOf({ 'api-url': 'https://api.example.com/V1/' })).toEqual([
      "Invalid api-url 'https://api.example.com/V1/'. Give the base URL without '/v1'; the action adds it.",
    ]);
  });

  it('replaces the default excludes when exclude is set', () => {
    expect(readSettings(reader({ ...base, exclude: 'gen/**' }))).toMatchObject({ exclude: ['gen/**'], defaultExcludes: [] });
  });

  it('reads the check run, score-baseline and on-incomplete neutral inputs', () => {
    const settings = readSettings(
      reader({ ...base, 'check-run': 'false', 'check-name': ' review-gate / forks ', 'score-baseline': 'BASE', 'on-incomplete': 'neutral' }),
    );
    expect(settings).toMatchObject({ checkRun: false, checkName: 'review-gate / forks', scoreBaseline: 'base', onIncomplete: 'neutral' });
    expect(readSettings(reader({ ...base, 'check-run': 'true' })).checkRun).toBe(true);
  });
});
