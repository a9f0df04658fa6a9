// One file picked for a form (a run form's file field): the native input,
// visually hidden but focusable and labelled by the field's own label, a
// button-like label in the app's words ("Choose a file", never the browser's
// "No file chosen"), then the chosen file's name and size with a way to
// remove it, and what the field takes.
import { useRef } from 'react';
import { formatBytes } from '@agentflow/shared/files';
import { acceptAttribute } from './fileChecks';
import { FT, useFileTexts } from './fileTexts';
import './files.css';

export interface FilePickerProps {
  id: string;
  file: File | null;
  accept: readonly string[];
  maxBytes: number;
  required?: boolean;
  /** The error text's id when the field is invalid. */
  errorId?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

export function FilePicker({ id, file, accept, maxBytes, required, errorId, disabled, onChange }: FilePickerProps) {
  const { t, language, hint } = useFileTexts();
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  return (
    <div className="file-picker" data-testid="file-picker">
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden file-picker-input"
        accept={acceptAttribute(accept)}
        required={required}
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // Picking the same file again after removing it must fire a change.
          event.target.value = '';
        }}
      />
      {/* Nothing chosen: the button, then "No file chosen". Chosen: the file first, the button to change it after (on a phone it wraps under the name). */}
      <div className="file-picker-row">
        {file ? (
          <>
            <span className="file-chip" data-testid="file-chosen">
              <span className="file-name" title={file.name}>
                {file.name}
              </span>
              <span className="file-size">{formatBytes(file.size, language)}</span>
              <button type="button" className="file-remove" aria-label={t(`${FT}removeLabel`, { name: file.name })} disabled={disabled} onClick={() => onChange(null)}>
                ×
              </button>
            </span>
            <label htmlFor={id} className="button file-picker-button file-picker-button--change">
              {t(`${FT}replace`)}
            </label>
          </>
        ) : (
          <>
            <label htmlFor={id} className="button file-picker-button">
              {t(`${FT}choose`)}
            </label>
            <span className="muted file-none">{t(`${FT}noFile`)}</span>
          </>
        )}
      </div>
      <p className="field-hint" id={hintId}>
        {hint(accept, maxBytes)}
      </p>
    </div>
  );
}
