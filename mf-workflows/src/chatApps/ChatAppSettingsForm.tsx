// A chat app's settings: what visitors see (name, colour, greeting, suggested
// questions), who may embed it (allowed websites), its rate limits, sign-in
// and memory. Checked with the domain's schema before it is sent, so the
// browser refuses what platform-api would; each check's error sits on its field.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, useI18n } from '@agentflow/shared';
import { TextAreaField, TextField, focusFirstInvalid } from '@agentflow/shared/ui';
import { CHAT_LIMITS, updateChatAppSchema, type ChatApp, type UpdateChatAppBody } from '@agentflow/shared/chat';
import { useChatAppsClient } from './chatAppsClient';
import { linesOf } from '../components/textLines';
import { CA, chatAppsErrorText, settingsErrorKind } from './chatAppsTexts';

type FieldKey = 'name' | 'colour' | 'greeting' | 'questions' | 'origins' | 'perVisitor' | 'perApp' | 'memoryWindow';

/** The form field a schema path (or a service's `field`) belongs to. */
function fieldOf(path: readonly PropertyKey[]): FieldKey | null {
  const [first, second] = path.map(String);
  if (first === 'appearance') return second === 'colour' ? 'colour' : 'name';
  if (first === 'greeting') return 'greeting';
  if (first === 'suggestedQuestions') return 'questions';
  if (first === 'allowedOrigins') return 'origins';
  if (first === 'limits') return second === 'perAppPerMinute' ? 'perApp' : 'perVisitor';
  if (first === 'memory') return 'memoryWindow';
  return null;
}

interface Draft {
  name: string;
  colour: string;
  greeting: string;
  questions: string;
  origins: string;
  perVisitor: string;
  perApp: string;
  requireSignIn: boolean;
  memoryWindow: string;
  summarize: boolean;
}

const draftOf = (app: ChatApp): Draft => ({
  name: app.appearance.name,
  colour: app.appearance.colour,
  greeting: app.greeting,
  questions: app.suggestedQuestions.join('\n'),
  origins: app.allowedOrigins.join('\n'),
  perVisitor: String(app.limits.perVisitorPerMinute),
  perApp: String(app.limits.perAppPerMinute),
  requireSignIn: app.requireSignIn,
  memoryWindow: String(app.memory.window),
  summarize: app.memory.summarize,
});

/** A number field's value as the schema sees it (an empty field is not a number). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function bodyOf(draft: Draft): unknown {
  return {
    appearance: { name: draft.name, colour: draft.colour },
    greeting: draft.greeting,
    suggestedQuestions: linesOf(draft.questions),
    allowedOrigins: linesOf(draft.origins),
    limits: { perVisitorPerMinute: numberOf(draft.perVisitor), perAppPerMinute: numberOf(draft.perApp) },
    requireSignIn: draft.requireSignIn,
    memory: { window: numberOf(draft.memoryWindow), summarize: draft.summarize },
  };
}

export function ChatAppSettingsForm({ app, onSaved }: { app: ChatApp; onSaved: (app: ChatApp) => void }) {
  const { t } = useI18n();
  const client = useChatAppsClient();
  const ids = useId();
  const id = (key: string) => `${ids}-${key}`;
  const [draft, setDraft] = useState<Draft>(() => draftOf(app));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'saved' } | { kind: 'failed'; text: string } | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setStatus(null);
  };

  const showErrors = (found: Partial<Record<FieldKey, string>>) => {
    setErrors(found);
    const order = Object.fromEntries((['name', 'colour', 'greeting', 'questions', 'origins', 'perVisitor', 'perApp', 'memoryWindow'] as const).map((key) => [key, id(key)]));
    focusFirstInvalid(order, found as Record<string, string>);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateChatAppSchema.safeParse(bodyOf(draft));
    if (!parsed.success) {
      const found: Partial<Record<FieldKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        if (field && !found[field]) found[field] = t(`${CA}errors.${settingsErrorKind(issue)}`);
      }
      showErrors(found);
      return;
    }
    showErrors({});
    setBusy(true);
    try {
      const saved = await client.update(app.id, parsed.data as UpdateChatAppBody);
      // The form shows what was stored (origins as the service normalised them).
      setDraft(draftOf(saved));
      setStatus({ kind: 'saved' });
      onSaved(saved);
    } catch (error) {
      // A check only the service makes names its field: the error goes there.
      const named = error instanceof ApiError && typeof error.details.field === 'string' ? fieldOf(error.details.field.split('.')) : null;
      if (named && error instanceof ApiError && error.status === 400) showErrors({ [named]: t(`${CA}errors.invalid`) });
      else setStatus({ kind: 'failed', text: chatAppsErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const text = (key: FieldKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextField id={id(key)} label={label} value={draft[key] as string} error={errors[key]} onChange={(event) => set(key, event.target.value)} {...extra} />
  );

  return (
    <form className="chat-app-settings" onSubmit={(event) => void submit(event)} noValidate data-testid="chat-app-settings">
      <h2>{t(`${CA}settings.title`)}</h2>
      <div className="chat-app-settings-grid">
        {text('name', t(`${CA}settings.name`), { maxLength: CHAT_LIMITS.nameMax })}
        <div className="chat-app-colour">
          {text('colour', t(`${CA}settings.colour`), { placeholder: '#2563eb', maxLength: 7 })}
          <span className="chat-app-swatch" aria-hidden="true" style={{ background: /^#[0-9a-fA-F]{6}$/.test(draft.colour) ? draft.colour : 'transparent' }} />
        </div>
      </div>
      <TextAreaField id={id('greeting')} label={t(`${CA}settings.greeting`)} value={draft.greeting} error={errors.greeting} rows={2} onChange={(event) => set('greeting', event.target.value)} />
      <TextAreaField
        id={id('questions')}
        label={t(`${CA}settings.questions`)}
        hint={t(`${CA}settings.questionsHint`, { max: CHAT_LIMITS.suggestedQuestionsMax })}
        value={draft.questions}
        error={errors.questions}
        rows={3}
        onChange={(event) => set('questions', event.target.value)}
      />
      <TextAreaField
        id={id('origins')}
        label={t(`${CA}settings.origins`)}
        hint={t(`${CA}settings.originsHint`)}
        value={draft.origins}
        error={errors.origins}
        rows={3}
        spellCheck={false}
        onChange={(event) => set('origins', event.target.value)}
      />
      <div className="field-row">
        {text('perVisitor', t(`${CA}settings.perVisitor`), { type: 'number', inputMode: 'numeric', min: 1, max: CHAT_LIMITS.perVisitorPerMinuteMax })}
        {text('perApp', t(`${CA}settings.perApp`), { type: 'number', inputMode: 'numeric', min: 1, max: CHAT_LIMITS.perAppPerMinuteMax })}
        {text('memoryWindow', t(`${CA}settings.memoryWindow`), { type: 'number', inputMode: 'numeric', min: 0, max: CHAT_LIMITS.memoryWindowMax })}
      </div>
      <label className="checkbox-field">
        <input type="checkbox" checked={draft.summarize} onChange={(event) => set('summarize', event.target.checked)} />
        {t(`${CA}settings.summarize`)}
      </label>
      <label className="checkbox-field">
        <input type="checkbox" checked={draft.requireSignIn} onChange={(event) => set('requireSignIn', event.target.checked)} />
        {t(`${CA}settings.requireSignIn`)}
      </label>
      {status?.kind === 'failed' ? (
        <p className="form-alert" role="alert" data-testid="chat-app-settings-error">
          {status.text}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t(`${CA}settings.saving`) : t(`${CA}settings.save`)}
        </button>
        {status?.kind === 'saved' ? (
          <span role="status" className="chat-app-saved">
            {t(`${CA}settings.saved`)}
          </span>
        ) : null}
      </div>
    </form>
  );
}
