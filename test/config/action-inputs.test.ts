/**
 * The inputs are a contract stated in three places: action.yml (what the runner passes), the
 * README's inputs table (what users read) and settings.ts (what the action reads). Every input
 * states its default in action.yml or is required, and the README names it with that default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { readSettings } from '../../src/config/settings';

interface DeclaredInput {
  name: string;
  required: boolean;
  default: string | undefined;
}

/** The `inputs:` block of action.yml: two-space names, four-space keys (the file's own layout). */
function declaredInputs(yaml: string): DeclaredInput[] {
  const block = yaml.slice(yaml.indexOf('\ninputs:\n'), yaml.indexOf('\noutputs:\n'));
  return block.split(/\n(?= {2}[a-z][\w-]*:\n)/).slice(1).map((entry) => {
    const name = /^ {2}([a-z][\w-]*):/.exec(entry)?.[1] ?? '';
    const raw = /^ {4}default:\s*(.*)$/m.exec(entry)?.[1];
    return { name, required: /^ {4}required:\s*true\s*$/m.test(entry), default: raw === undefined ? undefined : raw.replace(/^'(.*)'$/, '$1') };
  });
}

const inputs = declaredInputs(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('the inputs contract', () => {
  it('reads action.yml', () => {
    expect(inputs.map((i) => i.name)).toContain('dismiss');
    expect(inputs.find((i) => i.name === 'dismiss')).toEqual({ name: 'dismiss', required: false, default: 'maintainers' });
  });

  it.each(inputs.map((i) => [i.name, i] as const))('%s is required or states its default in action.yml', (_, input) => {
    expect(input.required || input.default !== undefined).toBe(true);
  });

  it.each(inputs.map((i) => [i.name, i] as const))('%s is in the README inputs table with its default', (name, input) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row, `README row for ${name}`).toBeDefined();
    if (input.default !== undefined && input.default !== '') expect(row).toContain(`\`${input.default}\``);
  });

  it('settings.ts accepts every default action.yml states', () => {
    const values = Object.fromEntries(inputs.map((i) => [i.name, i.default ?? '']));
    const given: Record<string, string> = { ...values, 'api-key': 'svc_live_demo_0000000000000000', 'api-url': 'https://api.example.com', 'github-token': 't' };
    expect(() => readSettings((name) => given[name] ?? '')).not.toThrow();
    expect(readSettings((name) => given[name] ?? '').dismiss).toBe('maintainers');
  });
});
