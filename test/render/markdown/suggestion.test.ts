import { describe, expect, it } from 'vitest';
import { classifySuggestion } from '../../../src/render/markdown/suggestion';

describe('classifySuggestion', () => {
  it('offers a code line that resembles the commented line as a replacement, indented like it', () => {
    expect(classifySuggestion("password = os.environ['PASSWORD']", "    password = 'hunter2'")).toEqual({
      kind: 'replacement',
      code: "    password = os.environ['PASSWORD']",
    });
  });

  it('unwraps a fenced multi-line replacement', () => {
    const form = classifySuggestion("```python\nwith open('x') as f:\n    data = f.read()\n```", "f = open('x')");
    expect(form).toEqual({ kind: 'replacement', code: "with open('x') as f:\n    data = f.read()" });
  });

  it('shows advice written as a sentence as text', () => {
    for (const advice of [
      'Use an environment variable instead of hardcoding the password.',
      'Remove unused import',
      'Consider using a context manager',
      'Use `with open(path) as f:` to close the file',
    ]) {
      expect(classifySuggestion(advice, 'import os').kind).toBe('text');
    }
  });

  it('shows code unrelated to the line as a plain code block, never as a change', () => {
    expect(classifySuggestion('import logging\nlogging.basicConfig()', '    x = 1').kind).toBe('code');
  });

  it('offers nothing when the suggestion is empty or the line itself', () => {
    expect(classifySuggestion('  ', 'x = 1').kind).toBe('none');
    expect(classifySuggestion('x = 1', '  x = 1').kind).toBe('none');
  });

  it('never offers a change that would have to be altered to show safely', () => {
    expect(classifySuggestion('<!-- TODO --> <div>', '<div>').kind).toBe('code');
    expect(classifySuggestion('x = "\u202Eevil"', 'x = "good"').kind).toBe('code');
  });

  it('never offers a change when the line is unknown', () => {
    expect(classifySuggestion('x = 2', undefined).kind).toBe('code');
  });
});
