// A JSON text area (the structured editors' "Edit as JSON" view): it keeps the
// text while it does not parse, and hands on only values that parse. The raw
// text is never the node's state, so the workflow (and its Problems) only ever
// holds valid values; the parent shows the parse error and marks the panel.
import { useEffect, useEffectEvent, useState, type TextareaHTMLAttributes } from 'react';

type Common = Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'aria-label' | 'aria-labelledby'>;

export interface JsonTextProps {
  common: Common;
  value: unknown;
  onChange: (value: unknown) => void;
  /** null when the text parses; else the parser's message. */
  onError: (error: string | null) => void;
}

const format = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

export function JsonText({ common, value, onChange, onError }: JsonTextProps) {
  const [text, setText] = useState(() => format(value));
  // Follow outside changes (the form, undo, import) when the text does not already say them:
  // compared by content while rendering (state that follows a prop), since an equal value may be a new object.
  const serialized = JSON.stringify(value);
  const [followed, setFollowed] = useState(serialized);
  if (followed !== serialized) {
    setFollowed(serialized);
    setText((current) => {
      try {
        if (JSON.stringify(JSON.parse(current)) === serialized) return current;
      } catch {
        /* replaced below */
      }
      return format(value);
    });
  }
  // A new value shown is valid (an effect event: a new callback from the parent is not a new value).
  const shown = useEffectEvent(() => onError(null));
  useEffect(() => {
    shown();
  }, [serialized]);
  return (
    <textarea
      {...common}
      rows={6}
      spellCheck={false}
      className="json-field"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        let parsed: unknown;
        try {
          parsed = JSON.parse(e.target.value);
        } catch (error) {
          onError(error instanceof Error ? error.message : String(error));
          return;
        }
        onError(null);
        onChange(parsed);
      }}
    />
  );
}
