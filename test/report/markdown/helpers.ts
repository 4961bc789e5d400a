import type { LabelledFinding } from '../../../src/types';

export function finding(overrides: Partial<LabelledFinding> = {}): LabelledFinding {
  return {
    path: 'src/app.py',
    line: 10,
    severity: 'warning',
    message: 'Variable shadows a builtin',
    suggestion: '',
    location: 'added-line',
    lineText: '    list = [1, 2]',
    ...overrides,
  };
}
