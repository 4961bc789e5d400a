/**
 * The ports the documents tell a contributor to start things on do not clash: the simulator
 * started by hand (`npm run simulator -- --port N`, docs/simulator.md and CONTRIBUTING.md) is
 * never on a port `npm run demo:serve` listens on (the addresses of .env.example), so both run
 * side by side as the documents show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';

const read = (name: string): string => readFileSync(join(ROOT, name), 'utf8');

/** The ports demo:serve takes: where the env file's service URL and GitHub API URL point. */
function demoServePorts(): number[] {
  const env = parseEnv(read('.env.example'));
  return ['INPUT_API-URL', 'GITHUB_API_URL'].map((name) => Number(new URL(env[name] ?? '').port));
}

/** Every port a document starts the simulator on by hand. */
function simulatorPorts(document: string): number[] {
  return [...read(document).matchAll(/(?:npm run simulator --|simulator\/cli\.ts) --port (\d+)/g)].map((m) => Number(m[1]));
}

describe('documented ports', () => {
  it('start the simulator by hand on a port demo:serve does not listen on', () => {
    const taken = demoServePorts();
    expect(taken).toEqual([8787, 8788]);
    for (const document of ['docs/simulator.md', 'CONTRIBUTING.md']) {
      const ports = simulatorPorts(document);
      expect(ports.length, document).toBeGreaterThan(0);
      expect(ports.filter((port) => taken.includes(port)), document).toEqual([]);
    }
  });
});
