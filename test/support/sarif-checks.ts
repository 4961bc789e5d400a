/**
 * What a SARIF file must be for GitHub code scanning to take it: valid against the SARIF 2.1.0
 * JSON schema (fixtures/sarif, validated with Ajv's draft-04 class and its formats), and within
 * the upload limits and required fields GitHub documents for upload-sarif ("SARIF support for
 * code scanning", "SARIF results exceed limits", "SARIF file is too large").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { ROOT } from '../doubles/run-action';

const schema = JSON.parse(readFileSync(join(ROOT, 'fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;
// `unicodeRegExp: false`: the schema's `language` pattern has a lone `]`, which JavaScript's
// unicode-mode regular expressions reject; draft-04 patterns are ECMA-262 without that flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** Schema errors as `path: message` lines; empty when the log is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): boolean => typeof obj(value).text === 'string' && (obj(value).text as string) !== '';

/** Breaches of GitHub's documented upload limits and required properties; empty when none. */
export function codeScanningProblems(fileText: string): string[] {
  const problems: string[] = [];
  const gzipped = gzipSync(fileText).length;
  if (gzipped > 10 * 1024 * 1024) problems.push(`gzipped size ${gzipped} bytes is over 10 MB`);
  const log = obj(JSON.parse(fileText));
  if (typeof log.$schema !== 'string') problems.push('$schema is missing');
  if (log.version !== '2.1.0') problems.push(`version is ${String(log.version)}, not 2.1.0`);
  const runs = arr(log.runs);
  if (runs.length === 0 || runs.length > 20) problems.push(`${runs.length} runs (1 to 20 allowed)`);
  for (const [r, runValue] of runs.entries()) {
    const run = obj(runValue);
    const driver = obj(obj(run.tool).driver);
    if (typeof driver.name !== 'string') problems.push(`runs[${r}].tool.driver.name is missing`);
    const rules = arr(driver.rules);
    if (rules.length > 25_000) problems.push(`runs[${r}] has ${rules.length} rules (25,000 allowed)`);
    for (const [i, ruleValue] of rules.entries()) {
      const rule = obj(ruleValue);
      for (const field of ['shortDescription', 'fullDescription', 'help'] as const) {
        if (!text(rule[field])) problems.push(`rules[${i}].${field}.text is missing`);
      }
      if (typeof rule.id !== 'string') problems.push(`rules[${i}].id is missing`);
      if (arr(obj(rule.properties).tags).length > 20) problems.push(`rules[${i}] has more than 20 tags`);
    }
    const results = arr(run.results);
    if (!Array.isArray(run.results)) problems.push(`runs[${r}].results is missing`);
    if (results.length > 25_000) problems.push(`runs[${r}] has ${results.length} results (25,000 allowed)`);
    const ids = new Set(rules.map((rule) => obj(rule).id));
    for (const [i, resultValue] of results.entries()) {
      const result = obj(resultValue);
      if (typeof result.ruleId !== 'string' || !ids.has(result.ruleId)) problems.push(`results[${i}].ruleId names no rule`);
      if (!text(result.message)) problems.push(`results[${i}].message.text is missing`);
      const locations = arr(result.locations);
      if (locations.length < 1 || locations.length > 1000) problems.push(`results[${i}] has ${locations.length} locations`);
      for (const location of locations) {
        const physical = obj(obj(location).physicalLocation);
        const uri = obj(physical.artifactLocation).uri;
        if (typeof uri !== 'string' || uri === '' || /^[a-z]+:|^\//i.test(uri)) problems.push(`results[${i}] uri '${String(uri)}' is not repository-relative`);
        const line = obj(physical.region).startLine;
        if (typeof line !== 'number' || !Number.isInteger(line) || line < 1) problems.push(`results[${i}].region.startLine is ${String(line)}`);
      }
      if (Object.keys(obj(result.partialFingerprints)).length === 0) problems.push(`results[${i}].partialFingerprints is missing`);
    }
  }
  return problems;
}
