/**
 * The action's `sarif-file`: the run's SARIF written where the workflow asked, for the
 * `github/codeql-action/upload-sarif` step that follows. A relative path is taken from the
 * workspace (where that step looks too). A file that cannot be written is a warning and an empty
 * output: the verdict is about the code, and the upload step then says the file is missing.
 *
 * A path the action refuses is louder: the workspace holds what the pull request committed, and a
 * symlink at `review-gate.sarif` (or at a folder on the way) would have the action overwrite a
 * file outside it. Nothing is written through a link (safety/no-follow.ts); the step fails with
 * an error naming the link, so neither the attempt nor code scanning's missing results go unseen,
 * while the verdict and every other surface stay as decided.
 */
import { resolve } from 'node:path';
import type { RunReport } from '../domain/run-report';
import type { Redactor } from '../safety/redact';
import { isUnsafePathError, writeNamedFile } from '../safety/no-follow';
import { renderSarif } from '../render/sarif';
import type { ActionsIo } from './io';

export async function writeSarifOutput(
  io: ActionsIo,
  report: Pick<RunReport, 'findings' | 'outcomes'>,
  /** The `sarif-file` input; '' writes none. */
  sarifFile: string,
  workspace: string,
  redactor: Redactor,
): Promise<void> {
  if (sarifFile === '') return;
  const path = resolve(workspace, sarifFile);
  const sarif = renderSarif(report, {});
  try {
    await writeNamedFile(path, workspace, redactor.text(sarif.text));
  } catch (error) {
    io.setOutput('sarif-file', '');
    if (isUnsafePathError(error)) {
      io.setFailed(
        `Refused to write sarif-file ${path}: ${error.message}. review-gate never writes through a symbolic link ` +
          '(a pull request can commit one at that path), so nothing was written and this step fails; the verdict is unchanged.',
      );
    } else {
      io.warning(`Could not write sarif-file ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return;
  }
  const leftOut = sarif.leftOut > 0 ? `; ${sarif.leftOut} less severe findings left out for GitHub's limits` : '';
  io.info(`SARIF for code scanning: ${sarif.results} results written to ${path}${leftOut}.`);
  io.setOutput('sarif-file', path);
}
