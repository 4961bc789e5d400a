import { describe, expect, it } from 'vitest';
import { neutralizeWorkflowCommands } from '../../src/log-safety';

describe('neutralizeWorkflowCommands', () => {
  it('defuses every line that would start a workflow command, indented or not', () => {
    const text = 'ok line\n::add-mask::secret\n   ::error file=a::b\nnot::a command';
    const safe = neutralizeWorkflowCommands(text);
    expect(safe.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(safe).toBe('ok line\n:\u200b:add-mask::secret\n   :\u200b:error file=a::b\nnot::a command');
  });

  it('defuses the legacy ##[command] form wherever it stands in a line', () => {
    const safe = neutralizeWorkflowCommands('src/evil ##[error]forged.py:2 info TODO ##[add-mask]review-gate');
    expect(safe).not.toContain('##[');
    expect(safe).toBe('src/evil #\u200b#[error]forged.py:2 info TODO #\u200b#[add-mask]review-gate');
  });

  it('leaves text without commands as it was', () => {
    expect(neutralizeWorkflowCommands('src/a.py:3 error eval() is dangerous')).toBe('src/a.py:3 error eval() is dangerous');
  });
});
