/**
 * docs/review-gate.schema.json, the JSON Schema editors validate the policy file with: it accepts
 * the documented examples and refuses what the action refuses, and it lists exactly the keys the
 * action allows (config/policy/keys.ts), with the values of the shared vocabulary.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { POLICY_INPUTS, POLICY_PATH, RULE_INPUTS } from '../../src/config/policy/keys';
import { parsePolicy } from '../../src/config/policy/parse';
import { FOCUS_AREAS, SEVERITIES } from '../../src/domain/vocabulary';
import { ROOT } from '../doubles/run-action';

interface Schema {
  properties: Record<string, unknown> & { rules: { items: { properties: Record<string, unknown> } } };
  definitions: { focusArea: { enum: string[] }; failOnSeverity: { enum: string[] } };
}

const schema = JSON.parse(readFileSync(join(ROOT, 'docs/review-gate.schema.json'), 'utf8')) as Schema;
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

/** The ```yaml blocks of docs/policy.md that are policy files (they set rules or a top-level key). */
function documentedPolicies(): string[] {
  const page = readFileSync(join(ROOT, 'docs/policy.md'), 'utf8');
  return [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').filter((text) => /^(rules|min-score|fail-on-severity):/m.test(text));
}

describe('the policy file schema', () => {
  it('accepts every policy docs/policy.md shows, which the action accepts too', () => {
    const examples = documentedPolicies();
    expect(examples.length).toBeGreaterThan(0);
    for (const text of examples) {
      expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
      expect(() => parsePolicy(text, POLICY_PATH, 'a'.repeat(40))).not.toThrow();
    }
  });

  it.each([
    ['an unknown key', { min_score: 60 }],
    ['a score out of range', { 'min-score': 150 }],
    ['an unknown severity', { 'fail-on-severity': 'sometimes' }],
    ['an unknown focus area', { 'focus-areas': ['speed'] }],
    ['a rule without paths', { rules: [{ 'min-score': 10 }] }],
    ['a key a rule may not set', { rules: [{ paths: 'legacy/**', exclude: 'x' }] }],
    ['an absolute glob', { rules: [{ paths: '/legacy/**' }] }],
  ])('refuses %s, as the action does', (_what, policy) => {
    expect(validate(policy)).toBe(false);
    expect(() => parsePolicy(JSON.stringify(policy), POLICY_PATH, 'a'.repeat(40))).toThrow(/is invalid/);
  });

  it('lists exactly the keys the action allows, at the top level and in a rule', () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...Object.keys(POLICY_INPUTS), 'rules'].sort());
    expect(Object.keys(schema.properties.rules.items.properties).sort()).toEqual([...RULE_INPUTS, 'paths'].sort());
  });

  it('takes its values from the shared vocabulary', () => {
    expect(schema.definitions.focusArea.enum).toEqual([...FOCUS_AREAS]);
    expect(schema.definitions.failOnSeverity.enum).toEqual([...SEVERITIES, 'never']);
  });
});
