// Syntax errors of a code step's JavaScript, as the editor shows them while
// one types: the error nodes of the Lezer parse tree (the parser CodeMirror's
// JavaScript mode highlights with), so no second parser is loaded. Lezer is
// error-tolerant and reports where the code stops making sense; the sandbox
// on the server is the final judge (it also refuses `import` statements,
// which Lezer reads as valid). Loaded with the editor's chunk only.
import { javascriptLanguage } from '@codemirror/lang-javascript';

export interface SyntaxProblem {
  /** Offset in the code. */
  from: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** The syntax errors of `code` (the body of an async function), first first; at most `max`. */
export function syntaxProblems(code: string, max = 50): SyntaxProblem[] {
  const offsets: number[] = [];
  javascriptLanguage.parser.parse(code).iterate({
    enter(node) {
      if (node.type.isError && offsets.length < max && offsets[offsets.length - 1] !== node.from) offsets.push(node.from);
    },
  });
  return offsets.map((from) => {
    const before = code.slice(0, from);
    const lineStart = before.lastIndexOf('\n') + 1;
    return { from, line: before.split('\n').length, column: from - lineStart + 1 };
  });
}
