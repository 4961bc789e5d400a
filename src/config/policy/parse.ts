/**
 * The policy file's text → a validated `Policy`, or a `PolicyError` naming the file, and for each
 * problem its line, the key and the value: bad YAML, an unknown key, a bad value, a bad glob. Every
 * value goes through the parser of the input of the same name (settings.ts), so a value is valid
 * here exactly when it is valid in the workflow. All problems are reported at once. Pure.
 *
 * The YAML is read as a tree, never turned into objects first, so each problem keeps its line;
 * aliases and tags beyond YAML's core schema are refused (a policy needs neither).
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import { readPolicyInput } from '../settings';
import type { Policy, PolicyRule } from '../settings-types';
import { globSyntaxProblem } from '../globs';
import { LIST_INPUTS, POLICY_INPUTS, RULE_INPUTS } from './keys';
import type { PolicyKey, RuleKey } from './keys';
import { PolicyError, describePolicyFile } from './policy-error';
import { quoteValue } from '../../domain/quote-value';

export type { Policy, PolicyRule };

export function parsePolicy(text: string, path: string, commit: string): Policy {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, schema: 'core', strict: true });
  const problems: string[] = [];
  const lineOf = (node: { range?: readonly number[] | null } | null | undefined): string => {
    const offset = node?.range?.[0];
    return offset === undefined ? '' : `line ${lines.linePos(offset).line}: `;
  };
  // A warning (an unknown tag such as !!js/function) is a problem too: a policy needs no tags.
  for (const error of [...doc.errors, ...doc.warnings]) {
    const line = error.linePos?.[0].line;
    const said = (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '');
    problems.push(`${line === undefined ? '' : `line ${line}: `}not valid YAML: ${said}`);
  }
  const policy: Policy = { path, commit, settings: {}, set: [], rules: [] };
  if (problems.length === 0) {
    const root = doc.contents;
    if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) return policy;
    if (!isMap(root)) {
      problems.push(`${lineOf(root)}expected keys such as min-score: 60 or rules: at the top level, not ${describeNode(root)}`);
    } else {
      readTopLevel(root, policy, problems, lineOf);
    }
  }
  if (problems.length > 0) throw new PolicyError(describePolicyFile(path, commit), problems.map(sentence));
  return policy;
}

type LineOf = (node: { range?: readonly number[] | null } | null | undefined) => string;

function readTopLevel(root: YAMLMap, policy: Policy, problems: string[], lineOf: LineOf): void {
  const known = [...Object.keys(POLICY_INPUTS), 'rules'];
  for (const pair of root.items) {
    const key = keyOf(pair);
    const at = lineOf(pair.key as Node);
    if (key === undefined) {
      problems.push(`${at}expected a name such as min-score as a key`);
    } else if (key === 'rules') {
      readRules(pair.value, policy, problems, lineOf);
    } else if (!(key in POLICY_INPUTS)) {
      problems.push(`${at}unknown key '${key}'. Expected any of: ${known.join(', ')}`);
    } else {
      const name = key as PolicyKey;
      const value = inputText(name, pair.value, problems, lineOf(pair.value as Node) || at);
      if (value === undefined) continue;
      const before = problems.length;
      const field = POLICY_INPUTS[name];
      const parsed = readPolicyInput(field, name, value, problems);
      markProblems(problems, before, at);
      if (problems.length === before) {
        (policy.settings as Record<string, unknown>)[field] = parsed;
        policy.set.push({ key: name, value });
      }
    }
  }
}

function readRules(node: unknown, policy: Policy, problems: string[], lineOf: LineOf): void {
  if (!isSeq(node)) {
    problems.push(`${lineOf(node as Node)}expected rules to be a list of rules, each - paths: <glob or list> with what it sets, not ${describeNode(node)}`);
    return;
  }
  node.items.forEach((item, index) => {
    const number = index + 1;
    const where = `rules[${number}]`;
    const at = lineOf(item as Node);
    if (!isMap(item)) {
      problems.push(`${at}expected ${where} to be a mapping such as - paths: legacy/** with what it sets, not ${describeNode(item)}`);
      return;
    }
    const rule: PolicyRule = { number, paths: [], settings: {}, keys: [] };
    let hasPaths = false;
    for (const pair of item.items) {
      const key = keyOf(pair);
      const keyAt = lineOf(pair.key as Node);
      if (key === 'paths') {
        hasPaths = true;
        rule.paths = rulePaths(pair.value, where, problems, lineOf(pair.value as Node) || keyAt);
      } else if (key === undefined || !(RULE_INPUTS as readonly string[]).includes(key)) {
        const name = key === undefined ? 'a key that is not a name' : `key '${key}'`;
        problems.push(`${keyAt}unknown ${name} in ${where}. A rule sets paths and any of: ${RULE_INPUTS.join(', ')}`);
      } else {
        const name = key as RuleKey;
        const value = inputText(name, pair.value, problems, lineOf(pair.value as Node) || keyAt, where);
        if (value === undefined) continue;
        const before = problems.length;
        const field = POLICY_INPUTS[name];
        const parsed = readPolicyInput(field, name, value, problems);
        markProblems(problems, before, keyAt, where);
        if (problems.length === before) {
          (rule.settings as Record<string, unknown>)[field] = parsed;
          rule.keys.push(name);
        }
      }
    }
    if (!hasPaths) problems.push(`${at}no paths in ${where}: each rule names the files it applies to, such as paths: legacy/**`);
    policy.rules.push(rule);
  });
}

/** A rule's `paths`: one glob or a list of them, each compiled as `include` compiles it. */
function rulePaths(node: unknown, where: string, problems: string[], at: string): string[] {
  const items = isSeq(node) ? node.items : [node];
  const globs: string[] = [];
  for (const item of items) {
    if (!isScalar(item) || typeof item.value !== 'string' || item.value.trim() === '') {
      problems.push(`${at}expected a glob such as legacy/** or a list of them in ${where}.paths, not ${describeNode(item)}`);
      continue;
    }
    const glob = item.value.trim();
    const problem = globSyntaxProblem(glob);
    if (glob.startsWith('/')) problems.push(`${at}invalid ${where}.paths glob '${glob}'. Paths are relative to the repository root: drop the leading '/'`);
    else if (problem !== undefined) {
      problems.push(`${at}invalid ${where}.paths glob '${glob}': ${problem}. Expected a glob such as src/** or *.py; escape a literal bracket as \\[`);
    } else globs.push(glob);
  }
  if (isSeq(node) && node.items.length === 0) problems.push(`${at}empty ${where}.paths: name at least one glob`);
  return globs;
}

/**
 * A key's value as the input of that name would be given it: a scalar as written, a list (where
 * the input takes one) one entry per line. Undefined, with the problem, for anything else.
 */
function inputText(name: PolicyKey, node: unknown, problems: string[], at: string, where?: string): string | undefined {
  const label = where === undefined ? name : `${name} in ${where}`;
  if (isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number' || typeof node.value === 'boolean')) {
    const text = String(node.value);
    // An empty list in the file clears what the inputs set; an empty `exclude` means "nothing".
    if (text.trim() === '') {
      problems.push(`${at}no value for ${label}: set one, or leave the key out to keep the workflow's input`);
      return undefined;
    }
    return text;
  }
  if (isSeq(node) && LIST_INPUTS.has(name)) {
    const entries: string[] = [];
    for (const item of node.items) {
      if (!isScalar(item) || (typeof item.value !== 'string' && typeof item.value !== 'number')) {
        problems.push(`${at}expected plain values in the list of ${label}, not ${describeNode(item)}`);
        return undefined;
      }
      entries.push(String(item.value));
    }
    // An empty list means none: '' is what the input parser reads as none of them (no focus area,
    // no include, so every path), except for exclude, whose '' is its default list.
    if (entries.length === 0) return name === 'exclude' ? 'none' : '';
    return entries.join('\n');
  }
  const expected = LIST_INPUTS.has(name) ? 'a value or a list of values' : 'one value';
  problems.push(`${at}expected ${expected} for ${label}, not ${describeNode(node)}`);
  return undefined;
}

/** The problems the input parser added since `before`, with the line (and the rule) in front. */
function markProblems(problems: string[], before: number, at: string, where?: string): void {
  for (let i = before; i < problems.length; i++) {
    const problem = problems[i] ?? '';
    problems[i] = `${at}${where === undefined ? '' : `in ${where}: `}${problem.replace(/\.$/, '')}`;
  }
}

function keyOf(pair: Pair<unknown, unknown>): string | undefined {
  return isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined;
}

function describeNode(node: unknown): string {
  if (isAlias(node)) return 'an alias (*name): write the value out';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return node.value === null ? 'an empty value' : `'${quoteValue(node.value, 40).replace(/^"|"$/g, '')}'`;
  return 'nothing';
}

/** `line 4: unknown key …` → `line 4: Unknown key …`: each problem reads as a sentence. */
function sentence(problem: string): string {
  return problem.replace(/^((?:line \d+: )?)(\S)/, (_all, line: string, first: string) => `${line}${first.toUpperCase()}`);
}
