/**
 * The Actions runner reads workflow commands from stdout in two forms: a line starting with
 * `::` (`::add-mask::`, `::error::`, `::stop-commands::` …), and the legacy `##[command]` form,
 * which it finds anywhere in a line. Text from the pull request (file names may hold newlines)
 * or from the service reaches the log through `core.info`, which writes it raw. This breaks both
 * forms with a zero-width space, so the text reads the same and commands nothing.
 * (`core.warning`, `core.error`, `core.notice` and `core.debug` are commands themselves and
 * escape their message.)
 */
const LINE_STARTING_A_COMMAND = /^(\s*):(?=:)/gm;
const LEGACY_COMMAND = /##\[/g;

export function neutralizeWorkflowCommands(text: string): string {
  return text.replace(LINE_STARTING_A_COMMAND, '$1:\u200b').replace(LEGACY_COMMAND, '#\u200b#[');
}
