/**
 * The action's one way out through @actions/core. Every text — log lines, annotations, outputs,
 * the failure message — passes the run's print safety first: controls stripped, secrets
 * redacted, workflow commands defused. An annotation's `file` and `title` are properties inside
 * the action's own command, escaped by @actions/core, so they are stripped and redacted but not
 * defused: `file` must stay the path for GitHub to attach the annotation to it. The job summary
 * is markdown its renderer has sanitized already; it is redacted here, as a last line of defence.
 */
import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import { printSafe, stripTerminalControls } from '../../safety/terminal';
import type { Redactor } from '../../safety/redact';

export interface ActionsIo {
  info(message: string): void;
  debug(message: string): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  notice(message: string, properties?: AnnotationProperties): void;
  group<T>(name: string, run: () => Promise<T>): Promise<T>;
  startGroup(name: string): void;
  endGroup(): void;
  setOutput(name: string, value: string | number): void;
  setFailed(message: string): void;
  /** Appends markdown to the job summary. */
  writeJobSummary(markdown: string): Promise<void>;
}

export function createActionsIo(redactor: Redactor): ActionsIo {
  const safe = printSafe(redactor);
  const property = (text: string) => redactor.text(stripTerminalControls(text));
  const safeProperties = (properties: AnnotationProperties | undefined): AnnotationProperties | undefined =>
    properties === undefined
      ? undefined
      : {
          ...properties,
          ...(properties.file === undefined ? {} : { file: property(properties.file) }),
          ...(properties.title === undefined ? {} : { title: property(properties.title) }),
        };
  return {
    info: (message) => core.info(safe(message)),
    debug: (message) => core.debug(safe(message)),
    warning: (message, properties) => core.warning(safe(message), safeProperties(properties)),
    error: (message, properties) => core.error(safe(message), safeProperties(properties)),
    notice: (message, properties) => core.notice(safe(message), safeProperties(properties)),
    group: (name, run) => core.group(safe(name), run),
    startGroup: (name) => core.startGroup(safe(name)),
    endGroup: () => core.endGroup(),
    setOutput: (name, value) => core.setOutput(name, safe(String(value))),
    setFailed: (message) => core.setFailed(safe(message)),
    writeJobSummary: async (markdown) => {
      await core.summary.addRaw(redactor.text(markdown)).write();
    },
  };
}
