// The code step's editor: CodeMirror 6 with JavaScript highlighting, line
// numbers, undo history and bracket matching, and syntax errors shown as one
// types (syntax.ts: the Lezer parse tree's error nodes): underlined in the
// text, marked in the gutter, and said in words under the editor. A chunk of
// its own (CodeField loads it with React.lazy when a code step's form opens).
// Tab is left to move focus (no indentWithTab): the editor must not trap
// keyboard users.
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { syntaxProblems, type SyntaxProblem } from './syntax';
import './code.css';

const K = 'workflows.code.';

export interface CodeEditorProps {
  value: string;
  onChange: (code: string) => void;
  readOnly?: boolean;
  /** The visible label's id (the editor's accessible name). */
  labelledBy: string;
  /** Ids of the texts that describe the editor (hint, problems). */
  describedBy: string;
  /** The id the syntax message gets (so the text area can point at it). */
  syntaxId: string;
}

export default function CodeEditor({ value, onChange, readOnly = false, labelledBy, describedBy, syntaxId }: CodeEditorProps) {
  const { t } = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changeRef = useRef(onChange);
  const valueRef = useRef(value);
  const tRef = useRef(t);
  const [problems, setProblems] = useState<SyntaxProblem[]>(() => syntaxProblems(value));
  // The editor's callbacks read the latest props (it is made once per mount).
  useEffect(() => {
    changeRef.current = onChange;
    tRef.current = t;
    valueRef.current = value;
  });

  useEffect(() => {
    if (!host.current) return;
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      javascript(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      lintGutter(),
      linter(
        (editor): Diagnostic[] =>
          syntaxProblems(editor.state.doc.toString()).map((p) => ({
            from: p.from,
            to: Math.min(p.from + 1, editor.state.doc.length),
            severity: 'error',
            message: tRef.current(`${K}syntaxError`, { line: p.line, column: p.column }),
          })),
        { delay: 250 },
      ),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy, 'aria-describedby': `${syntaxId} ${describedBy}`.trim(), 'aria-multiline': 'true', role: 'textbox' }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        const code = update.state.doc.toString();
        setProblems(syntaxProblems(code));
        changeRef.current(code);
      }),
      EditorState.readOnly.of(readOnly),
      EditorView.editable.of(!readOnly),
    ];
    const editor = new EditorView({ parent: host.current, state: EditorState.create({ doc: valueRef.current, extensions }) });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [labelledBy, describedBy, syntaxId, readOnly]);

  // A change from outside (undo in the builder, a reverted version): the editor follows.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  const first = problems[0];
  return (
    <div className="code-editor">
      <div ref={host} className="code-editor-host" data-testid="code-editor" />
      <p id={syntaxId} className={first ? 'field-error code-syntax' : 'field-hint code-syntax'} role={first ? 'alert' : undefined} data-testid="code-syntax">
        {first
          ? problems.length > 1
            ? t(`${K}syntaxErrorMore`, { line: first.line, column: first.column, count: problems.length - 1 })
            : t(`${K}syntaxError`, { line: first.line, column: first.column })
          : t(`${K}syntaxOk`)}
      </p>
    </div>
  );
}
