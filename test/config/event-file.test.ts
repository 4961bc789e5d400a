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
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A payload file holding `text`. */
function eventFile(name: string, text: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'review-gate-event-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('readActionEvent', () => {
  it('gives a second run in the same process its own event, not the first one’s', async () => {
    const first = await readActionEvent({ repository: 'acme/shop', eventName: 'pull_request', eventPath: eventFile('a.json', '{"number":7}') });
    const second = await readActionEvent({ repository: 'acme/tools', eventName: 'merge_group', eventPath: eventFile('b.json', '{"number":8}') });

    expect([first, second]).toEqual([
      { name: 'pull_request', repository: 'acme/shop', payload: { number: 7 } },
      { name: 'merge_group', repository: 'acme/tools', payload: { number: 8 } },
    ]);
  });

  it('reads no payload as {}, as the runner’s context does, when the file is not set or not there', async () => {
    const missing = join(tmpdir(), 'review-gate-no-such-event.json');
    for (const eventPath of ['', missing]) {
      expect(await readActionEvent({ repository: 'acme/shop', eventName: 'workflow_dispatch', eventPath })).toEqual({ name: 'workflow_dispatch', repository: 'acme/shop', payload: {} });
    }
  });

  it('stops with the file’s path when the payload is not JSON', async () => {
    const path = eventFile('broken.json', '{"pull_request": ');
    await expect(readActionEvent({ repository: 'acme/shop', eventName: 'pull_request', eventPath: path })).rejects.toThrow(
      new EventError(`Cannot read the event payload at '${path}': it is not valid JSON.`),
    );
  });
});
