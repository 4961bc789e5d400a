/**
 * The terminal command's output. Every text goes through the print sanitizer and the redactor
 * (`printSafe`); colour codes are added after, around text already made safe, and only when the
 * stream is a terminal: `NO_COLOR` (any non-empty value) turns colour off, `FORCE_COLOR` (any
 * value but 0 or false) turns it on even into a pipe, and wins over `NO_COLOR` as in Node itself.
 * The codes are Node's own (`util.styleText`, Node 20.12 and later), not a table of ours.
 */
import { styleText } from 'node:util';
import { neutralizeWorkflowCommands, printSafe } from '../safety/terminal';
import type { Redactor } from '../safety/redact';

/** The styles the command uses, as `node:util`'s `styleText` names them. */
export type Style = 'bold' | 'dim' | 'red' | 'yellow' | 'cyan' | 'green';

/** A piece of a line: plain text, or text with a style. */
export type Part = string | { style: Style; text: string };

export function styled(style: Style, text: string): Part {
  return { style, text };
}

/** What the process gives the command: its streams, environment and folder. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Writes to stdout without a line break (streamed deltas); defaults to `out`. */
  write?(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /** Standard input, whole (for `complete -`). */
  readStdin?(): Promise<string>;
  /** The folder of the package the command runs from (the one holding dist/), to tell which build it is. */
  packageRoot?: string;
}

/** The command's safe view of its streams. */
export interface Terminal {
  readonly out: (...parts: Part[]) => void;
  readonly err: (...parts: Part[]) => void;
  /** Text as it arrives, no line break added; made safe piece by piece. */
  readonly write: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly redactor: Redactor;
  readStdin(): Promise<string>;
}

export function colourWanted(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if ((env.NO_COLOR ?? '') !== '') return false;
  return isTTY === true && env.TERM !== 'dumb';
}

export function createTerminal(io: CliIo, redactor: Redactor): Terminal {
  const safe = printSafe(redactor);
  const compose = (colour: boolean, parts: Part[]): string => {
    const text = parts
      .map((part) => {
        if (typeof part === 'string') return safe(part);
        const clean = safe(part.text);
        if (!colour || clean === '') return clean;
        // Whether to colour is decided above, from the command's own streams and environment
        // (which tests give); Node's check of process.stdout is not asked.
        return styleText(part.style, clean, { validateStream: false });
      })
      .join('');
    // Parts made safe one by one could still line up into a workflow command when joined.
    return neutralizeWorkflowCommands(text);
  };
  const outColour = colourWanted(io.env, io.stdoutIsTTY);
  const errColour = colourWanted(io.env, io.stderrIsTTY);
  return {
    out: (...parts) => io.out(compose(outColour, parts)),
    err: (...parts) => io.err(compose(errColour, parts)),
    write: (text) => (io.write ?? io.out)(safe(text)),
    env: io.env,
    cwd: io.cwd,
    redactor,
    readStdin: () => (io.readStdin ?? (() => Promise.resolve('')))(),
  };
}
