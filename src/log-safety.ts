/**
 * The Actions runner reads every stdout line that starts with `::` as a workflow command
 * (`::add-mask::`, `::error::`, `::stop-commands::` …). Text from the pull request (file names
 * may hold newlines) or from the service reaches the log through `core.info`, which writes it
 * raw: a line of it starting with `::` would be obeyed. This breaks the `::` of every such line
 * with a zero-width space, so it reads the same and commands nothing. (`core.warning`,
 * `core.error` and `core.notice` escape their message themselves.)
 */
const LINE_STARTING_A_COMMAND = /^(\s*):(?=:)/gm;

export function neutralizeWorkflowCommands(text: string): string {
  return text.replace(LINE_STARTING_A_COMMAND, '$1:\u200b');
}
