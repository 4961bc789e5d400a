import type { LabelledFinding } from '../../../src/domain/findings';
import { labelled } from '../../support/findings';
import type { FindingFields } from '../../support/findings';

export function finding(overrides: Partial<LabelledFinding> = {}): LabelledFinding {
  const fields: FindingFields = {
    path: 'src/app.py',
    line: 10,
    severity: 'warning',
    message: 'Variable shadows a builtin',
    suggestion: '',
    location: 'added-line',
    lineText: '    list = [1, 2]',
    ...overrides,
  };
  return labelled(fields);
}
