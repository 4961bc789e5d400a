/**
 * The comments of a source file in its language, each a span of the text, and the contents of its
 * strings. A lexer per language knows its comments and its strings (over lines too), so a comment
 * opener inside a string, a docstring, a template literal or a regular expression is text. Where a
 * lexer cannot be sure, it reports no comment: a marker it does not see cannot excuse anything
 * (fail closed), and it says from where it is unsure (`unsureAt`). Pure.
 */
import type { ReviewLanguage } from '../../domain/vocabulary';
import { goText } from './go';
import { javascriptText } from './javascript';
import { pythonText } from './python';
import { rustText } from './rust';
import type { CommentSpan, LexedText } from './span';

export type { CommentSpan, LexedText, StringSpan } from './span';

/**
 * The comments and strings of `text`, in order. `path` tells a .tsx file (which may hold JSX) from
 * a .ts file (where `<T>x` is a cast); JavaScript files may hold JSX whatever their extension.
 */
export function findText(text: string, language: ReviewLanguage, path = ''): LexedText {
  switch (language) {
    case 'python':
      return pythonText(text);
    case 'javascript':
      return javascriptText(text, { jsx: true });
    case 'typescript':
      return javascriptText(text, { jsx: /\.tsx$/i.test(path) });
    case 'go':
      return goText(text);
    case 'rust':
      return rustText(text);
  }
}

/** Every comment of `text`, in order. */
export function findComments(text: string, language: ReviewLanguage, path = ''): CommentSpan[] {
  return findText(text, language, path).comments;
}
