/**
 * Labelled findings and reviewed outcomes for tests, with what the locate stage computes once
 * (the fingerprint, whether the gate counts it) computed the same way, unless a test sets it.
 */
import type { LabelledFinding } from '../../src/domain/findings';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { GateScope, ReviewLanguage } from '../../src/domain/vocabulary';
import { countsTowardGate } from '../../src/locate/counts';
import { findingFingerprint } from '../../src/locate/fingerprint';

export type FindingFields = Omit<LabelledFinding, 'fingerprint' | 'counts' | 'source'> & Partial<Pick<LabelledFinding, 'fingerprint' | 'counts' | 'source'>>;

/** The finding as the locate stage labels it under `scope`; an issue unless `source` says otherwise. */
export function labelled(fields: FindingFields, scope: GateScope = 'added'): LabelledFinding {
  const source = fields.source ?? 'issue';
  return {
    ...fields,
    source,
    fingerprint: fields.fingerprint ?? findingFingerprint({ ...fields, source }),
    counts: fields.counts ?? countsTowardGate(fields, scope),
  };
}

export interface ReviewedFields {
  language?: ReviewLanguage;
  score?: number;
  summary?: string;
  suggestions?: string[];
  tokens?: number;
  findings?: LabelledFinding[];
  fromCache?: boolean;
}

/** A reviewed file's outcome; a score of 90 and no finding unless the test says otherwise. */
export function reviewedFile(path: string, fields: ReviewedFields = {}): Extract<FileOutcome, { kind: 'reviewed' }> {
  const { language = 'python', score = 90, summary = '', suggestions = [], tokens = 100, findings = [], fromCache } = fields;
  return { kind: 'reviewed', path, language, score, summary, suggestions, tokens, findings, ...(fromCache === undefined ? {} : { fromCache }) };
}

/** A warning on an added line of src/app.py, unless the test says otherwise. */
export function finding(overrides: Partial<LabelledFinding> = {}): LabelledFinding {
  return labelled({
    path: 'src/app.py',
    line: 10,
    severity: 'warning',
    message: 'Variable shadows a builtin',
    suggestion: '',
    location: 'added-line',
    lineText: '    list = [1, 2]',
    ...overrides,
  });
}
