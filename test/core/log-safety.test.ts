import { describe, expect, it } from 'vitest';
import { neutralizeWorkflowCommands } from '../../src/log-safety';

describe('neutralizeWorkflowCommands', () => {
  it('defuses every line that would start a workflow command, indented or not', () => {
    const text = 'ok line\n::add-mask::secret\n   ::error file=a::b\nnot::a command';
    const safe = neutralizeWorkflowCommands(text);
    expect(safe.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(safe).toBe('ok line\n:\u200b:add-mask::secret\n   :\u200b:error file=a::b\nnot::a command');
  });

  it('leaves text without commands as it was', () => {
    expect(neutralizeWorkflowCommands('src/a.py:3 error eval() is dangerous')).toBe('src/a.py:3 error eval() is dangerous');
  });
});
