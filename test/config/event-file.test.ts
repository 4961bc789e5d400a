/**
 * The event is read when a run asks for it, never once per process: @github/local-action and the
 * in-process end-to-end tests call run() many times in one process, each with its own event.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventError, readActionEvent } from '../../src/config/event';

let dir: string | undefined;
const saved = { name: process.env.GITHUB_EVENT_NAME, path: process.env.GITHUB_EVENT_PATH };
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  for (const [key, value] of [['GITHUB_EVENT_NAME', saved.name], ['GITHUB_EVENT_PATH', saved.path]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** Reads the event as a run does, the runner's variables set as the runner would set them. */
function readAs(runner: { repository: string; eventName: string; eventPath: string }) {
  process.env.GITHUB_EVENT_NAME = runner.eventName;
  if (runner.eventPath === '') delete process.env.GITHUB_EVENT_PATH;
  else process.env.GITHUB_EVENT_PATH = runner.eventPath;
  return readActionEvent(runner);
}

/** A payload file holding `text`. */
function eventFile(name: string, text: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'review-gate-event-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('readActionEvent', () => {
  it('gives a second run in the same process its own event, not the first one’s', async () => {
    const first = await readAs({ repository: 'acme/shop', eventName: 'pull_request', eventPath: eventFile('a.json', '{"number":7}') });
    const second = await readAs({ repository: 'acme/tools', eventName: 'merge_group', eventPath: eventFile('b.json', '{"number":8}') });

    expect([first, second]).toEqual([
      { name: 'pull_request', repository: 'acme/shop', payload: { number: 7 } },
      { name: 'merge_group', repository: 'acme/tools', payload: { number: 8 } },
    ]);
  });

  it('reads no payload as {}, as the runner’s context does, when the file is not set or not there', async () => {
    const missing = join(tmpdir(), 'review-gate-no-such-event.json');
    for (const eventPath of ['', missing]) {
      expect(await readAs({ repository: 'acme/shop', eventName: 'workflow_dispatch', eventPath })).toEqual({ name: 'workflow_dispatch', repository: 'acme/shop', payload: {} });
    }
  });

  it('stops with the file’s path when the payload is not JSON', async () => {
    const path = eventFile('broken.json', '{"pull_request": ');
    await expect(readAs({ repository: 'acme/shop', eventName: 'pull_request', eventPath: path })).rejects.toThrow(
      new EventError(`Cannot read the event payload at '${path}': it is not valid JSON.`),
    );
  });
});
