/**
 * The action's `sarif-file`: the run's SARIF written where the workflow asked, for the
 * `github/codeql-action/upload-sarif` step that follows. A relative path is taken from the
 * workspace (where that step looks too). A file that cannot be written is a warning and an empty
 * output: the verdict is about the code, and the upload step then says the file is missing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from '../../pipeline';
import type { Settings } from '../../config/settings';
import type { Redactor } from '../../safety/redact';
import { renderSarif } from '../sarif';
import type { ActionsIo } from './io';

export async function writeSarifOutput(
  io: ActionsIo,
  report: Pick<RunReport, 'findings' | 'outcomes'>,
  settings: Pick<Settings, 'sarifFile' | 'gateScope'>,
  env: NodeJS.ProcessEnv,
  redactor: Redactor,
): Promise<void> {
  if (settings.sarifFile === '') return;
  const path = resolve(env.GITHUB_WORKSPACE ?? process.cwd(), settings.sarifFile);
  const sarif = renderSarif(report, { gateScope: settings.gateScope });
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, redactor.text(sarif.text));
  } catch (error) {
    io.warning(`Could not write sarif-file ${path}: ${error instanceof Error ? error.message : String(error)}`);
    io.setOutput('sarif-file', '');
    return;
  }
  const leftOut = sarif.leftOut > 0 ? `; ${sarif.leftOut} less severe findings left out for GitHub's limits` : '';
  io.info(`SARIF for code scanning: ${sarif.results} results written to ${path}${leftOut}.`);
  io.setOutput('sarif-file', path);
}
