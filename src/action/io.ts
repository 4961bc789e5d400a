/**
 * The action's one way out through @actions/core. Every text — log lines, annotations, outputs,
 * the failure message — passes the run's print safety first: controls stripped, secrets
 * redacted, workflow commands defused. An annotation's `file` and `title` are properties inside
 * the action's own command, escaped by @actions/core, so they are stripped and redacted but not
 * defused: `file` must stay the path for GitHub to attach the annotation to it (a path that had
 * to change is not attached at all). The job summary
 * is markdown its renderer has sanitized already; it is redacted here, as a last line of defence.
 */
import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import { printSafe, stripTerminalControls, visiblePath } from '../safety/terminal';
import type { Redactor } from '../safety/redact';
import type { Logger } from '../domain/logger';

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
  /**
   * A path that printing safely had to change (a control or bidi character stripped, a secret
   * redacted) names another file, or none: `src/a\u202e.py` would annotate `src/a.py`. Such an
   * annotation is not anchored to a file; its text names the path, as printed.
   */
  const annotate =
    (emit: (message: string, properties?: AnnotationProperties) => void) =>
    (message: string, properties?: AnnotationProperties): void => {
      if (properties?.file === undefined || property(properties.file) === properties.file) {
        emit(safe(message), safeProperties(properties));
        return;
      }
      const { file, startLine, endLine: _endLine, startColumn: _startColumn, endColumn: _endColumn, ...unanchored } = properties;
      emit(safe(`${visiblePath(file)}${startLine === undefined ? '' : `:${startLine}`}: ${message}`), safeProperties(unanchored));
    };
  return {
    info: (message) => core.info(safe(message)),
    debug: (message) => core.debug(safe(message)),
    warning: annotate(core.warning),
    error: annotate(core.error),
    notice: annotate(core.notice),
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

/** The pipeline's and the GitHub modules' log, through the action's safe output. */
export function actionsLogger(io: ActionsIo): Logger & { debug(message: string): void } {
  return {
    info: (message) => io.info(message),
    warning: (message) => io.warning(message),
    debug: (message) => io.debug(message),
    group: (name, run) => io.group(name, run),
  };
}
