/**
 * The policy file's text → its settings and rules, or every problem with its line, key and
 * value; and each file's settings under it. A value is valid in the file exactly when it is valid
 * as the workflow's input of the same name: both go through the input's own parser.
 */
import { describe, expect, it } from 'vitest';
import { POLICY_INPUTS, POLICY_PATH } from '../../src/config/policy/keys';
import { parsePolicy } from '../../src/config/policy/parse';
import { PolicyError } from '../../src/config/policy/policy-error';
import { applyPolicy, fileSettingsResolver } from '../../src/config/policy/resolve';
import { readSettings } from '../../src/config/settings';
import { REQUIRED_INPUTS, inputReader, settingsProblems } from './settings-inputs';

const COMMIT = '3f9c2a17b8e0'.padEnd(40, '0');
const parse = (text: string) => parsePolicy(text, POLICY_PATH, COMMIT);
function problemsOf(text: string): string[] {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof PolicyError) return error.problems;
    throw error;
  }
  return [];
}

describe('parsePolicy', () => {
  it('reads top-level settings and rules, lists as YAML lists or as the inputs write them', () => {
    const policy = parse('min-score: 60\nfocus-areas: [security, performance]\nexclude: "dist/**, *.min.js"\nrules:\n  - paths: legacy/**\n    fail-on-severity: never\n  - paths: [api/**, "*.go"]\n    focus-areas: security\n');
    expect(policy.settings).toEqual({ minScore: 60, focusAreas: ['security', 'performance'], exclude: ['dist/**', '*.min.js'] });
    expect(policy.set.map((s) => s.key)).toEqual(['min-score', 'focus-areas', 'exclude']);
    expect(policy.rules).toEqual([
      { number: 1, paths: ['legacy/**'], settings: { failOnSeverity: 'never' }, keys: ['fail-on-severity'] },
      { number: 2, paths: ['api/**', '*.go'], settings: { focusAreas: ['security'] }, keys: ['focus-areas'] },
    ]);
  });

  it('reads an empty file, or one of comments only, as a policy that sets nothing', () => {
    for (const text of ['', '# nothing yet\n', '---\n']) expect(parse(text)).toMatchObject({ settings: {}, set: [], rules: [] });
  });

  it('reads an empty list as none: no focus area, no include, no exclude', () => {
    expect(parse('focus-areas: []\ninclude: []\nexclude: []\n').settings).toEqual({ focusAreas: [], include: [], exclude: [] });
  });

  it.each([
    ['min-score: 150', "line 1: Invalid min-score '150'. Expected a whole number from 0 to 100"],
    ['min-score: 60.5', "line 1: Invalid min-score '60.5'. Expected a whole number from 0 to 100"],
    ['fail-on-severity: sometimes', "line 1: Invalid fail-on-severity 'sometimes'. Expected one of: error, warning, info, never"],
    ['focus-areas: [security, speed]', "line 1: Invalid focus-areas entry 'speed'. Expected any of: security, performance, readability, best_practices"],
    ['include: ["[z-a]"]', "line 1: Invalid include glob '[z-a]': range out of order in character class. Expected a glob such as src/** or *.py; escape a literal bracket as \\["],
    ['max-comments: [1, 2]', 'line 1: Expected one value for max-comments, not a list'],
    ['min_score: 60', "line 1: Unknown key 'min_score'. Expected any of: focus-areas, include, exclude, fail-on-severity, gate-scope, min-score, score-baseline, max-comments, on-incomplete, comment-severity, security-flags, injection-check, suppressions-need-approval, rules"],
    ['api-key: svc_live_x', "line 1: Unknown key 'api-key'. Expected any of: focus-areas, include, exclude, fail-on-severity, gate-scope, min-score, score-baseline, max-comments, on-incomplete, comment-severity, security-flags, injection-check, suppressions-need-approval, rules"],
    ['min-score:', 'line 1: Expected one value for min-score, not an empty value'],
    ['rules: legacy/**', "line 1: Expected rules to be a list of rules, each - paths: <glob or list> with what it sets, not 'legacy/**'"],
    ['rules:\n  - min-score: 5', 'line 2: No paths in rules[1]: each rule names the files it applies to, such as paths: legacy/**'],
    ['rules:\n  - paths: "[z-a]"', "line 2: Invalid rules[1].paths glob '[z-a]': range out of order in character class. Expected a glob such as src/** or *.py; escape a literal bracket as \\["],
    ['rules:\n  - paths: []', 'line 2: Empty rules[1].paths: name at least one glob'],
    ['rules:\n  - paths: x/**\n    include: y', "line 3: Unknown key 'include' in rules[1]. A rule sets paths and any of: focus-areas, fail-on-severity, min-score, gate-scope, comment-severity, injection-check"],
    ['rules:\n  - paths: x/**\n    gate-scope: lines', "line 3: In rules[1]: Invalid gate-scope 'lines'. Expected one of: added, file"],
    ['- min-score: 60', 'line 1: Expected keys such as min-score: 60 or rules: at the top level, not a list'],
    ['min-score: [60', 'line 1: Not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]'],
    ['min-score: 60\nmin-score: 70', 'line 2: Not valid YAML: Map keys must be unique'],
    ['x: &a 60\nmin-score: *a', "line 1: Unknown key 'x'. Expected any of: focus-areas, include, exclude, fail-on-severity, gate-scope, min-score, score-baseline, max-comments, on-incomplete, comment-severity, security-flags, injection-check, suppressions-need-approval, rules"],
    ['min-score: !!js/function "f"', 'line 1: Not valid YAML: Unresolved tag: tag:yaml.org,2002:js/function'],
  ])('refuses %j, naming the line, the key and the value', (text, problem) => {
    expect(problemsOf(text)).toContain(problem);
  });

  it('names the file and the commit, and every problem at once', () => {
    expect(() => parse('min-score: 150\nfocus: security\n')).toThrow(
      new PolicyError('.github/review-gate.yml at 3f9c2a17b8e0', [
        "line 1: Invalid min-score '150'. Expected a whole number from 0 to 100",
        "line 2: Unknown key 'focus'. Expected any of: focus-areas, include, exclude, fail-on-severity, gate-scope, min-score, score-baseline, max-comments, on-incomplete, comment-severity, security-flags, injection-check, suppressions-need-approval, rules",
      ]),
    );
  });

  // One definition: whatever the workflow's input accepts or refuses, the policy key does too.
  it.each([
    ['min-score', ['0', '100', '+7', '101', '-1', 'high', '7.5']],
    ['max-comments', ['0', '100', '101', 'x']],
    ['fail-on-severity', ['error', 'WARNING', 'never', 'fatal']],
    ['gate-scope', ['added', 'file', 'hunk']],
    ['on-incomplete', ['fail', 'pass', 'neutral', 'skip']],
    ['score-baseline', ['none', 'base', 'head']],
    ['focus-areas', ['security', 'security, performance', 'speed']],
    ['include', ['src/**', '{a,b}/**', '[z-a]', '/abs']],
    ['exclude', ['dist/**', 'none', '[']],
  ] as const)('reads %s as the input does', (key, values) => {
    const field = POLICY_INPUTS[key];
    for (const value of values) {
      const asInput = settingsProblems({ [key]: value });
      const asPolicy = problemsOf(`${key}: ${JSON.stringify(value)}`).map((p) => p.replace(/^line 1: /, ''));
      expect(asPolicy, `${key}: ${value}`).toEqual(asInput.map((p) => p.replace(/\.$/, '')));
      if (asInput.length === 0) {
        const settings = readSettings(inputReader({ ...REQUIRED_INPUTS, [key]: value }));
        expect(parse(`${key}: ${JSON.stringify(value)}`).settings[field], `${key}: ${value}`).toEqual(settings[field]);
      }
    }
  });
});

describe('each file under the policy', () => {
  const settings = applyPolicy(
    readSettings(inputReader({ ...REQUIRED_INPUTS, 'min-score': '50', 'focus-areas': 'readability' })),
    parse('min-score: 60\nsecurity-flags: report\nrules:\n  - paths: legacy/**\n    min-score: 0\n    fail-on-severity: never\n  - paths: "*.go"\n    focus-areas: security\n    comment-severity: error\n  - paths: legacy/vendor/**\n    min-score: 30\n'),
  );
  const of = fileSettingsResolver(settings);

  it('takes the inputs, overridden by the top level, for a file no rule matches', () => {
    expect(of('src/app.py')).toEqual({
      focusAreas: ['readability'], failOnSeverity: 'error', minScore: 60, gateScope: 'added', commentSeverity: 'info', securityFlags: 'report', injectionCheck: 'on', rules: [], decidedBy: {},
    });
  });

  it('applies every matching rule in order, the later winning, and says which rule decided each setting', () => {
    expect(of('legacy/vendor/lib.go')).toEqual({
      focusAreas: ['security'],
      failOnSeverity: 'never',
      minScore: 30,
      gateScope: 'added',
      commentSeverity: 'error',
      securityFlags: 'report',
      injectionCheck: 'on',
      rules: [1, 2, 3],
      decidedBy: { 'min-score': 3, 'fail-on-severity': 1, 'focus-areas': 2, 'comment-severity': 2 },
    });
  });

  it('matches a glob without a slash against the file name in any folder, as include does', () => {
    expect(of('cmd/server/main.go').rules).toEqual([2]);
    expect(of('main.go.txt').rules).toEqual([]);
  });

  it('answers the same object for a path every time: resolved once', () => {
    expect(of('legacy/a.py')).toBe(of('legacy/a.py'));
  });
});
