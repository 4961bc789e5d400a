/**
 * Printing a streamed completion delta by delta is as safe as printing it whole: what a delta
 * boundary could cut in two (the key, a workflow command, an escape sequence) is held until the
 * next delta, and everything else is written at once.
 */
import { describe, expect, it } from 'vitest';
import { createStreamPrinter } from '../../src/cli/stream-print';
import { printSafe } from '../../src/safety/terminal';
import { createRedactor } from '../../src/safety/redact';

const KEY = 'svc_live_demo_0000000000000000';

function printed(deltas: string[]): { writes: string[]; text: string } {
  const safe = printSafe(createRedactor([KEY]));
  const writes: string[] = [];
  const printer = createStreamPrinter((text) => writes.push(safe(text)), [KEY]);
  for (const delta of deltas) printer.push(delta);
  printer.end();
  return { writes, text: writes.join('') };
}

describe('the stream printer', () => {
  it('writes each plain delta as soon as it arrives', () => {
    expect(printed(['def', ' add(a,', ' b):', '\n', '    return a + b\n']).writes).toEqual(['def', ' add(a,', ' b):', '\n', '    return a + b\n']);
  });

  it('holds back only an end that could start the key, until the next delta', () => {
    expect(printed(['This', ' is', ' it']).writes).toEqual(['Thi', 's i', 's it']);
  });

  it('redacts a key split across deltas', () => {
    const { text } = printed(['the key is svc_live_de', 'mo_0000', '000000000000 ok']);
    expect(text).toBe('the key is [redacted] ok');
  });

  it('defuses a workflow command split across deltas', () => {
    expect(printed(['done\n', ':', ':error::pwned']).text).toBe('done\n: :error::pwned');
    expect(printed(['x #', '#[error]y']).text).toBe('x # #[error]y');
  });

  it('drops an escape sequence split across deltas', () => {
    expect(printed(['red \u001b[3', '1mtext']).text).toBe('red text');
  });
});
