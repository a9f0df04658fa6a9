// Add a source to a knowledge base: a file (uploaded through the files path
// run inputs use, then added by its id), a web page by its address, or pasted
// text with a name. The URL and text bodies are checked with the domain's
// addSourceSchema first; a file (picked with the run forms' FilePicker) is
// checked by its name's extension and the plan's size (platform-api decides
// on the bytes). A refusal lands under the
// field it names, else above the buttons, translated by its code.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, fileErrorMessage, useI18n } from '@agentflow/shared';
import { TextAreaField, TextField } from '@agentflow/shared/ui';
import { KNOWLEDGE_ERROR_CODES, addSourceSchema, type AddSourceBody, type KnowledgeSource, type SourceKind } from '@agentflow/shared/knowledge';
import { formatBytes } from '@agentflow/shared/files';
import { useKnowledgeClient } from '../../api/knowledge';
import { FilePicker } from '../../runs/files/FilePicker';
import { usePlanFileLimit } from '../../runs/files/usePlanFileLimit';
import { K, errorText, errorsOf, fieldRefusal, type FieldErrorKind } from './knowledgeTexts';

/** The extensions of the file types a knowledge base reads (KNOWLEDGE_FILE_TYPES), for the picker and the check before upload. */
export const KNOWLEDGE_FILE_EXTENSIONS = ['.pdf', '.docx', '.txt', '.md', '.markdown', '.csv', '.html', '.htm'] as const;
const hasKnowledgeExtension = (name: string) => KNOWLEDGE_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

const KINDS: readonly SourceKind[] = ['file', 'url', 'text'];

export interface AddSourceFormProps {
  knowledgeBaseId: string;
  onAdded: (source: KnowledgeSource) => void;
}

export function AddSourceForm({ knowledgeBaseId, onAdded }: AddSourceFormProps) {
  const { t, language } = useI18n();
  const client = useKnowledgeClient();
  const maxBytes = usePlanFileLimit();
  const id = useId();
  const [kind, setKind] = useState<SourceKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'adding'>('idle');
  const controlId = (field: string) => `${id}-${field}`;
  const kindError = (found: FieldErrorKind) => t(`${K}form.errors.${found}`);

  const clearError = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const fail = (field: string, message: string) => {
    setErrors({ [field]: message });
    document.getElementById(controlId(field))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    let body: AddSourceBody;
    if (kind === 'file') {
      if (!file) return fail('file', kindError('required'));
      if (!hasKnowledgeExtension(file.name)) return fail('file', t(`${K}addSource.wrongType`));
      if (file.size > maxBytes) return fail('file', t('errors.files.file_too_large', { size: formatBytes(maxBytes, language) }));
      setPhase('uploading');
      try {
        const [uploaded] = await client.files.upload([{ field: 'file', file }]);
        if (!uploaded) throw new Error('The upload answered no file');
        body = { kind: 'file', fileId: uploaded.file.fileId };
      } catch (error) {
        setPhase('idle');
        return fail('file', fileErrorMessage(t, error, language));
      }
    } else {
      const parsed = addSourceSchema.safeParse(kind === 'url' ? { kind, url: url.trim() } : { kind, name, text });
      if (!parsed.success) {
        const found = errorsOf(parsed.error.issues);
        setErrors(Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, kindError(problem)])));
        const first = ['url', 'name', 'text'].find((field) => found[field]);
        if (first) document.getElementById(controlId(first))?.focus();
        return;
      }
      body = parsed.data;
    }
    setPhase('adding');
    try {
      const added = await client.addSource(knowledgeBaseId, body);
      setFile(null);
      setUrl('');
      setName('');
      setText('');
      onAdded(added);
    } catch (error) {
      // A file's refusal (its type read from the bytes) is about the file field; others name theirs.
      const onField = fieldRefusal(t, error, ['url', 'name', 'text', 'fileId']);
      if (onField) fail(onField.field === 'fileId' ? 'file' : onField.field, onField.text);
      else if (kind === 'file' && error instanceof ApiError && error.code === KNOWLEDGE_ERROR_CODES.fileTypeNotAllowed) fail('file', errorText(t, error));
      else setFailure(errorText(t, error));
    } finally {
      setPhase('idle');
    }
  };

  const fileErrorId = errors.file ? `${controlId('file')}-error` : undefined;
  return (
    <form className="form card knowledge-add-source" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)} data-testid="add-source-form">
      <h2 id={`${id}-title`}>{t(`${K}addSource.title`)}</h2>
      <fieldset className="knowledge-kinds">
        <legend>{t(`${K}addSource.kindLabel`)}</legend>
        {KINDS.map((each) => (
          <label key={each} className={`knowledge-kind-option${each === kind ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={each}
              checked={each === kind}
              onChange={() => {
                setKind(each);
                setErrors({});
                setFailure(null);
              }}
            />
            {t(`${K}addSource.${each}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'file' && (
        <div className="form-field">
          <label htmlFor={controlId('file')}>{t(`${K}addSource.fileLabel`)}</label>
          <FilePicker
            id={controlId('file')}
            file={file}
            accept={KNOWLEDGE_FILE_EXTENSIONS}
            maxBytes={maxBytes}
            errorId={fileErrorId}
            disabled={phase !== 'idle'}
            onChange={(picked) => {
              setFile(picked);
              clearError('file');
            }}
          />
          {errors.file ? (
            <p className="field-error" id={fileErrorId}>
              {errors.file}
            </p>
          ) : null}
        </div>
      )}
      {kind === 'url' && (
        <TextField
          id={controlId('url')}
          type="url"
          label={t(`${K}addSource.urlLabel`)}
          hint={t(`${K}addSource.urlHint`)}
          placeholder="https://"
          autoComplete="off"
          spellCheck={false}
          value={url}
          error={errors.url}
          onChange={(event) => {
            setUrl(event.target.value);
            clearError('url');
          }}
        />
      )}
      {kind === 'text' && (
        <>
          <TextField
            id={controlId('name')}
            label={t(`${K}addSource.textName`)}
            autoComplete="off"
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.target.value);
              clearError('name');
            }}
          />
          <TextAreaField
            id={controlId('text')}
            label={t(`${K}addSource.textLabel`)}
            rows={6}
            value={text}
            error={errors.text}
            onChange={(event) => {
              setText(event.target.value);
              clearError('text');
            }}
          />
        </>
      )}
      {failure && (
        <p className="form-alert" role="alert" data-testid="add-source-error">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={phase !== 'idle'}>
          {t(phase === 'uploading' ? `${K}addSource.uploading` : phase === 'adding' ? `${K}addSource.adding` : `${K}addSource.add`)}
        </button>
      </div>
    </form>
  );
}
