/**
 * The comments of a source file in its language, each a span of the text. A lexer per language
 * knows its comments and its strings (over lines too), so a comment opener inside a string, a
 * docstring, a template literal or a regular expression is text. Where a lexer cannot be sure,
 * it reports no comment: a marker it does not see cannot excuse anything (fail closed). Pure.
 */
import type { ReviewLanguage } from '../../domain/vocabulary';
import { goComments } from './go';
import { javascriptComments } from './javascript';
import { pythonComments } from './python';
import { rustComments } from './rust';
import type { CommentSpan } from './span';

export type { CommentSpan } from './span';

/**
 * Every comment of `text`, in order. `path` tells a .tsx file (which may hold JSX) from a .ts
 * file (where `<T>x` is a cast); JavaScript files may hold JSX whatever their extension.
 */
export function findComments(text: string, language: ReviewLanguage, path = ''): CommentSpan[] {
  switch (language) {
    case 'python':
      return pythonComments(text);
    case 'javascript':
      return javascriptComments(text, { jsx: true });
    case 'typescript':
      return javascriptComments(text, { jsx: /\.tsx$/i.test(path) });
    case 'go':
      return goComments(text);
    case 'rust':
      return rustComments(text);
  }
}
