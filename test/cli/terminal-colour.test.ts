/**
 * The terminal command's colour: Node's own codes (util.styleText), on the command's own streams
 * and environment. The test process's stdout is a pipe, so a coloured line here shows that Node's
 * look at process.stdout is not what decides.
 */
import { describe, expect, it } from 'vitest';
import { createTerminal, styled } from '../../src/cli/terminal';
import type { CliIo } from '../../src/cli/terminal';
import { createRedactor } from '../../src/safety/redact';

function printed(io: Partial<CliIo>): { out: string; err: string } {
  const lines = { out: '', err: '' };
  const terminal = createTerminal({ out: (l) => (lines.out = l), err: (l) => (lines.err = l), env: {}, cwd: '/', ...io }, createRedactor([]));
  terminal.out('score ', styled('red', '41'), ' ', styled('bold', 'failed'));
  terminal.err(styled('dim', 'note'));
  return lines;
}

describe('colour in the terminal', () => {
  it('writes the SGR codes of each style on a terminal, and closes each', () => {
    expect(printed({ stdoutIsTTY: true, stderrIsTTY: true })).toEqual({
      out: 'score \u001b[31m41\u001b[39m \u001b[1mfailed\u001b[22m',
      err: '\u001b[2mnote\u001b[22m',
    });
  });

  it('decides for each stream: colour on the terminal, none into a pipe', () => {
    expect(printed({ stdoutIsTTY: false, stderrIsTTY: true })).toEqual({ out: 'score 41 failed', err: '\u001b[2mnote\u001b[22m' });
  });

  it('keeps the rules: NO_COLOR turns it off, FORCE_COLOR on even into a pipe and over NO_COLOR, TERM=dumb off', () => {
    expect(printed({ stdoutIsTTY: true, env: { NO_COLOR: '1' } }).out).toBe('score 41 failed');
    expect(printed({ stdoutIsTTY: false, env: { FORCE_COLOR: '1' } }).out).toBe('score \u001b[31m41\u001b[39m \u001b[1mfailed\u001b[22m');
    expect(printed({ stdoutIsTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).out).toContain('\u001b[31m');
    expect(printed({ stdoutIsTTY: true, env: { FORCE_COLOR: '0' } }).out).toBe('score 41 failed');
    expect(printed({ stdoutIsTTY: true, env: { TERM: 'dumb' } }).out).toBe('score 41 failed');
  });
});
