/**
 * Turns the workflow commands the action prints (`::group::`, `::error file=…::`) into lines a
 * person reads in a terminal, as the Actions log view would show them, with each finding once.
 *
 * On GitHub a finding appears twice on purpose: as an annotation (pinned to its line in "Files
 * changed") and as a line of the log's "Inline comments" group. A terminal has no such panes, so
 * an annotation whose finding the log already lists is left out. `::add-mask::` lines are dropped
 * (they carry the secret itself, which the runner consumes and never shows), and `::debug::`
 * lines too (the runner hides them unless debug logging is on).
 */
import { plainStyle } from './terminal-style';
import type { Style } from './terminal-style';

const COMMAND = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/;
/** A finding line of the log: `path:line severity[ (reported as …)] message`. */
const FINDING = /^(.+?:\d+) (error|warning|info)( \(reported as [^)]*\))? (.*)$/;

interface Command { command: string; properties: Record<string, string>; message: string }

function parse(line: string): Command | undefined {
  const match = COMMAND.exec(line);
  if (match === null) return undefined;
  const [, command = '', rawProperties = '', message = ''] = match;
  const properties = Object.fromEntries(
    rawProperties
      .split(',')
      .filter((p) => p.includes('='))
      .map((p) => [p.slice(0, p.indexOf('=')), unescape(p.slice(p.indexOf('=') + 1))]),
  );
  return { command, properties, message: unescape(message) };
}

export interface RenderedLog {
  text: string;
  /** Annotations on a line left out because the log lists the same finding. */
  annotationsFolded: number;
}

export function renderWorkflowCommands(stdout: string, style: Style = plainStyle): RenderedLog {
  const lines = stdout.split('\n');
  // Findings the log lists, by `path:line`, so their annotations can be folded into them.
  const listed = new Map<string, string[]>();
  for (const line of lines) {
    const finding = FINDING.exec(line);
    if (finding !== null) listed.set(finding[1] ?? '', [...(listed.get(finding[1] ?? '') ?? []), finding[4] ?? '']);
  }
  const out: string[] = [];
  let inGroup = false;
  let annotationsFolded = 0;
  for (const line of lines) {
    const parsed = parse(line);
    if (parsed === undefined) {
      out.push(`${inGroup ? '  ' : ''}${colourFinding(line, style)}`);
      continue;
    }
    const { command, properties, message } = parsed;
    switch (command) {
      case 'group':
        out.push(style.bold(`▶ ${message}`));
        inGroup = true;
        break;
      case 'endgroup':
        inGroup = false;
        break;
      case 'error':
      case 'warning':
      case 'notice': {
        const where = properties.file === undefined ? undefined : `${properties.file}${properties.line === undefined ? '' : `:${properties.line}`}`;
        if (where !== undefined && (listed.get(where) ?? []).some((m) => message.startsWith(m))) {
          annotationsFolded++;
          break;
        }
        const colour = command === 'error' ? style.red : command === 'warning' ? style.yellow : style.cyan;
        const mark = command === 'error' ? '✗' : command === 'warning' ? '!' : 'i';
        out.push(colour(`${mark} ${where === undefined ? '' : `${where} `}${message}`));
        break;
      }
      default: // add-mask, debug, set-output …
        break;
    }
  }
  return { text: out.join('\n').replace(/\n+$/, ''), annotationsFolded };
}

function colourFinding(line: string, style: Style): string {
  const finding = FINDING.exec(line);
  if (finding === null) return line;
  const [, where = '', severity = '', reported = '', message = ''] = finding;
  const colour = severity === 'error' ? style.red : severity === 'warning' ? style.yellow : style.cyan;
  return `${style.bold(where)} ${colour(`${severity}${reported}`)} ${message}`;
}

function unescape(text: string): string {
  return text.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}
