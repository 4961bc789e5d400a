import { describe, expect, it } from 'vitest';
import { isNotReviewableError, isSkippedFileError } from '../../../src/collect/errors';
import { linkLanguage } from '../../../src/collect/text/link-language';
import { candidateLanguage } from '../../../src/collect/select';
import type { ReviewCandidate } from '../../../src/domain/pull-request';

/** The candidate `selectFiles` makes for a link at `path` (a name of a reviewed language, or none). */
function linkAt(path: string, defaultExclude?: string): ReviewCandidate {
  const file = { path, status: 'added' as const, blobSha: 'b', additions: 1, deletions: 0, entry: 'link' as const };
  const language = candidateLanguage(path);
  if (language === undefined) throw new Error(`${path} would not be a candidate`);
  return language === 'by-shebang' ? { file, language, ...(defaultExclude === undefined ? {} : { defaultExclude }) } : { file, language };
}

const bytes = (text: string) => Buffer.from(text, 'latin1');
/** What `linkLanguage` decides: the language, or the kind of outcome with its reason. */
function judged(link: ReviewCandidate, target: string, content: string): string {
  try {
    return linkLanguage(link, target, bytes(content));
  } catch (error) {
    if (isNotReviewableError(error)) return error.reason;
    if (isSkippedFileError(error)) return `skipped: ${error.reason}`;
    throw error;
  }
}

const PY = 'import os\nos.system("x")\n';

describe('linkLanguage: a link reviewed in its target\'s language', () => {
  it.each([
    ['a target of the same language', 'app/a.py', 'lib/b.py', PY, 'python'],
    ['a target of another reviewed language, whatever the link is named', 'app/a.py', 'web/b.js', 'eval(x)\n', 'javascript'],
    ['a TypeScript target behind a .js name', 'app/a.js', 'src/b.mts', 'let x: number = 1;\n', 'typescript'],
    ['an extensionless target, by its #! line', 'app/a.py', 'bin/runner', '#!/usr/bin/env node\neval(x)\n', 'javascript'],
    ['an extensionless link, by its target\'s extension', 'bin/tool', 'lib/tool.go', 'package main\n', 'go'],
    ['an extensionless link and target, by the #! line', 'bin/tool', 'libexec/tool', '#!/usr/bin/env python3\nprint(1)\n', 'python'],
  ])('takes %s', (_case, link, target, content, language) => {
    expect(judged(linkAt(link), target, content)).toBe(language);
  });

  it('counts a link whose name runs it as Python, to a .cfg file, as not reviewed, naming both and the way out', () => {
    expect(judged(linkAt('app/plugin.py'), 'data/plugin.cfg', PY)).toBe(
      'not reviewed: it is a symbolic link to data/plugin.cfg, whose code runs as Python through app/plugin.py, ' +
        'but a .cfg file is not a type review-gate reviews; ' +
        'give the target the extension of its language (.py) to have it reviewed, or list app/plugin.py in exclude to skip the link on purpose',
    );
  });

  it.each([
    ['an extensionless file with no #! line', 'app/a.ts', 'data/plugin', 'eval(x)\n', /TypeScript through app\/a\.ts, but a file with no extension and no #! line is not/],
    ['a script of another language', 'app/a.rs', 'scripts/run', '#!/bin/sh\nrm -rf /\n', /Rust through app\/a\.rs, but a script for \/bin\/sh is not/],
    ['a binary file', 'app/a.go', 'assets/logo', '\x89PNG\r\n\x1a\n', /Go through app\/a\.go, but a binary file \(PNG image\) is not/],
    ['a .cfg file with a Python #! line, behind an extensionless link that runs it', 'bin/plugin', 'data/plugin.cfg', `#!/usr/bin/env python3\n${PY}`, /Python through bin\/plugin \(by its #! line\), but a \.cfg file is not/],
  ])('counts a link to %s, run as a reviewed language, as not reviewed', (_case, link, target, content, reason) => {
    expect(judged(linkAt(link), target, content)).toMatch(reason);
  });

  it('counts a link to a script of an unknown interpreter as not reviewed, naming the target', () => {
    expect(judged(linkAt('app/a.py'), 'bin/job', '#!/usr/bin/env python3.14-custom\nprint(1)\n')).toMatch(
      /^not reviewed: it is a symbolic link to bin\/job, whose #! line names python3\.14-custom, an interpreter review-gate does not know.*list app\/a\.py in exclude/,
    );
  });

  it.each([
    ['a .cfg file with no #! line', 'data/plugin.cfg', PY, 'skipped: language not supported by the review service (a symbolic link to data/plugin.cfg, a .cfg file)'],
    ['a shell script', 'scripts/run', '#!/bin/sh\nls\n', 'skipped: language not supported by the review service (a symbolic link to scripts/run, a script for /bin/sh)'],
    ['a binary file', 'assets/logo', '\x89PNG\r\n\x1a\n', 'skipped: binary file (PNG image)'],
  ])('skips an extensionless link to %s, as that file would be: nothing runs it as a reviewed language', (_case, target, content, outcome) => {
    expect(judged(linkAt('bin/tool'), target, content)).toBe(outcome);
  });

  it('does not review an extensionless link only the default exclude list matches, when its target is reviewable', () => {
    expect(judged(linkAt('vendor/tool', 'vendor/**'), 'lib/tool.py', PY)).toMatch(/^not reviewed: matched by default exclude 'vendor\/\*\*'/);
  });
});
