/**
 * Turns the workflow commands the action prints (`::group::`, `::error file=…::`) into lines a
 * person reads in a terminal, as the Actions log view would show them. `::add-mask::` lines are
 * dropped: they carry the secret itself, which the runner consumes and never shows.
 */
const COMMAND = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/;

export function renderWorkflowCommands(stdout: string): string {
  const out: string[] = [];
  for (const line of stdout.split('\n')) {
    const match = COMMAND.exec(line);
    if (match === null) {
      out.push(line);
      continue;
    }
    const [, command, rawProperties = '', message = ''] = match;
    const properties = Object.fromEntries(
      rawProperties
        .split(',')
        .filter((p) => p.includes('='))
        .map((p) => [p.slice(0, p.indexOf('=')), unescape(p.slice(p.indexOf('=') + 1))]),
    );
    const where = properties.file === undefined ? '' : ` ${properties.file}${properties.line === undefined ? '' : `:${properties.line}`}`;
    switch (command) {
      case 'group':
        out.push(`▶ ${unescape(message)}`);
        break;
      case 'error':
      case 'warning':
      case 'notice':
        out.push(`${command.toUpperCase()}${where} ${unescape(message)}`);
        break;
      default: // endgroup, add-mask, debug, set-output …
        break;
    }
  }
  return out.join('\n');
}

function unescape(text: string): string {
  return text.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}
