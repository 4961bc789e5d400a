import { describe, expect, it } from 'vitest';
import { neutralizeWorkflowCommands, printSafe, printableJson, stripTerminalControls, visiblePath } from '../../src/safety/terminal';
import { createRedactor } from '../../src/safety/redact';
import { runnerCommands } from '../support/runner-commands';

/** Every character .NET's TrimStart removes (Unicode White_Space) but a line break. */
const TRIMMED = ['\t', '\v', '\f', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];
/** Characters ICU's comparison ignores, so `StartsWith("::")` looks through them. */
const IGNORED = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u0001', '\u001f', '\u007f', '\u034f', '\ufe0f'];

describe('neutralizeWorkflowCommands', () => {
  it('defuses every line that would start a workflow command, indented or not', () => {
    const text = 'ok line\n::add-mask::secret\n   ::error file=a::b\nnot::a command';
    const safe = neutralizeWorkflowCommands(text);
    expect(safe).toBe('ok line\n: :add-mask::secret\n   : :error file=a::b\nnot::a command');
    expect(runnerCommands(safe)).toEqual([]);
  });

  it.each(TRIMMED.map((c) => [`U+${c.codePointAt(0)?.toString(16).padStart(4, '0')}`, c]))(
    'defuses a command behind %s, which the runner trims',
    (_name, c) => {
      const text = `name\n${c}${c}::stop-commands::pause`;
      expect(runnerCommands(text)).toHaveLength(1);
      expect(runnerCommands(neutralizeWorkflowCommands(text))).toEqual([]);
    },
  );

  it.each(IGNORED.map((c) => [`U+${c.codePointAt(0)?.toString(16).padStart(4, '0')}`, c]))(
    'defuses a command with %s before or between its colons, which ICU ignores',
    (_name, c) => {
      for (const text of [`${c}::error::x`, `:${c}:error::x`, `#${c}#[error]x`, `#${c}#${c}[error]x`]) {
        expect(runnerCommands(text)).toHaveLength(1);
        expect(runnerCommands(neutralizeWorkflowCommands(text)), JSON.stringify(text)).toEqual([]);
      }
    },
  );

  it('treats \\r, \\n and \\r\\n as line ends, and nothing else', () => {
    expect(neutralizeWorkflowCommands('a\r::x::y')).toBe('a\r: :x::y');
    expect(neutralizeWorkflowCommands('a\r\n::x::y')).toBe('a\r\n: :x::y');
    // U+2028 and U+2029 end a line for a JS `m` regex, not for the runner: mid-line, no command.
    expect(neutralizeWorkflowCommands('a\u2028::x::y')).toBe('a\u2028::x::y');
    expect(runnerCommands('a\u2028::x::y')).toEqual([]);
  });

  it('defuses the legacy ##[command] form wherever it stands in a line', () => {
    const safe = neutralizeWorkflowCommands('src/evil ##[error]forged.py:2 info TODO ##[add-mask]review-gate');
    expect(safe).toBe('src/evil # #[error]forged.py:2 info TODO # #[add-mask]review-gate');
    expect(runnerCommands(safe)).toEqual([]);
  });

  it('leaves text without commands as it was', () => {
    expect(neutralizeWorkflowCommands('src/a.py:3 error eval() is dangerous')).toBe('src/a.py:3 error eval() is dangerous');
    expect(neutralizeWorkflowCommands('a::b # [x] #x[')).toBe('a::b # [x] #x[');
  });
});

describe('stripTerminalControls', () => {
  it('removes escape sequences with what they carry: clipboard writes, titles, colours, clear screen', () => {
    const name = 'src/\u001b]52;c;cHduZWQ=\u0007a\u001b]0;title\u001b\\b\u001b[2J\u001b[31mc\u001b[0m\u001bcd.py';
    expect(stripTerminalControls(name)).toBe('src/abcd.py');
  });

  it('removes the 8-bit C1 forms and lone C1 controls', () => {
    expect(stripTerminalControls('a\u009b2Jb\u009d0;t\u0007c\u0085d\u009ce')).toBe('abcde');
  });

  it('keeps the text after an escape string that never ends', () => {
    expect(stripTerminalControls('x\u001b]0;not ended.py:1 error\nnext')).toBe('x0;not ended.py:1 error\nnext');
  });

  it('removes C0 controls, bidi controls and zero-width characters, keeping tabs and line breaks', () => {
    expect(stripTerminalControls('a\u0000b\u0007c\u0008d\te\u202ef\u2066g\u200bh\u200fi\ufeffj\r\nk\rl')).toBe('abcd\tefghij\nk\nl');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(stripTerminalControls('café ✓ 🚀 src/a.py:3 error')).toBe('café ✓ 🚀 src/a.py:3 error');
  });
});

describe('printSafe', () => {
  const safe = printSafe(createRedactor(['svc_live_printed_key_0001']));

  it('strips, redacts and defuses in one pass', () => {
    const text = 'x\n\u0085::add-mask::svc_live_printed_key_0001\u001b[2J';
    expect(safe(text)).toBe('x\n: :add-mask::[redacted]');
  });

  it('redacts a secret that invisible characters split, once they are stripped', () => {
    expect(safe('svc_live_\u001b[0mprinted_key_0001')).toBe('[redacted]');
  });
});

describe('visiblePath', () => {
  it('writes each character printing would strip or that passes for another as \\u{…}, and leaves the rest', () => {
    expect(visiblePath('evil\u001b[31mred\u001b[0m.py')).toBe('evil\\u{1b}[31mred\\u{1b}[0m.py');
    expect(visiblePath('src/a\u202egnp.py')).toBe('src/a\\u{202e}gnp.py');
    expect(visiblePath('a\u200bb\u00a0c\td\ne\rf\u2028g\u0085h\u009bi\u{e0041}.py')).toBe(
      'a\\u{200b}b\\u{a0}c\\u{9}d\\u{a}e\\u{d}f\\u{2028}g\\u{85}h\\u{9b}i\\u{e0041}.py',
    );
    expect(visiblePath('src/日本語 file (1).py')).toBe('src/日本語 file (1).py');
  });

  it('never prints two names alike: a backslash is doubled, so a name cannot spell another one’s escape', () => {
    const names = ['evil\u001b.py', 'evil\\u{1b}.py', 'evil\\\\u{1b}.py', 'evil.py', 'evil\u200b.py', 'evil\\u{200b}.py'];
    const shown = names.map(visiblePath);
    expect(new Set(shown).size).toBe(names.length);
    expect(visiblePath('a\\b.py')).toBe('a\\\\b.py');
    for (const text of shown) expect(stripTerminalControls(text)).toBe(text);
  });
});

describe('printableJson', () => {
  it('escapes in JSON what printing would strip, so the text prints as it is and parses to the same value', () => {
    const value = { path: 'evil\u001b[31m\u202e\u200b\u009b\u{e0041}.py', note: 'ok\n日本' };
    const json = printableJson(JSON.stringify(value, null, 2));
    expect(stripTerminalControls(json)).toBe(json);
    expect(json).toContain('"evil\\u001b[31m\\u202e\\u200b\\u009b\\udb40\\udc41.py"');
    expect(JSON.parse(json)).toEqual(value);
  });
});
