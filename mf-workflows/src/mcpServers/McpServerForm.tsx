// The dialog that adds an MCP server or changes one: name, address, transport
// and the credential sent with every request (a picker of the workspace's
// HTTP credentials, with a link to add one). Checked with the domain's schema
// before it is sent, so the browser refuses what platform-api would; a refusal
// only the service makes (an address in a private network, a credential not in
// the workspace) lands on its field.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, Link, useI18n } from '@agentflow/shared';
import { Dialog } from '@agentflow/shared/dialog';
import { SelectField, TextField, focusFirstInvalid } from '@agentflow/shared/ui';
import { CREDENTIAL_TYPES, isCredentialTypeId, type CredentialView } from '@agentflow/shared/credentials';
import { MCP_TRANSPORTS, createMcpServerSchema, updateMcpServerSchema, type McpServerView } from '@agentflow/shared/mcp';
import { useCredentialList } from '../credentials/credentialList';
import { useMcpServersClient } from './mcpServersClient';
import { M, fieldRefusalText, formErrorKind, formFieldOf, mcpErrorText, refusedFieldOf, transportText, type FormField } from './mcpTexts';

interface Draft {
  name: string;
  url: string;
  transport: McpServerView['transport'];
  credentialId: string;
}

const FIELD_ORDER: readonly FormField[] = ['name', 'url', 'transport', 'credentialId'];

/** The workspace's credentials an MCP server can send: the HTTP ones (a bearer token, a header, basic auth). */
export function mcpCredentialsOf(credentials: readonly CredentialView[], workspace: string): CredentialView[] {
  return credentials.filter(
    (credential) =>
      isCredentialTypeId(credential.type) &&
      CREDENTIAL_TYPES[credential.type].kind === 'http' &&
      (workspace === 'personal' ? credential.owner.kind === 'user' : credential.owner.kind === 'organization' && credential.owner.organizationId === workspace),
  );
}

export interface McpServerFormProps {
  workspace: string;
  /** The server being changed; absent: a new one. */
  server?: McpServerView;
  onSaved: (server: McpServerView) => void;
  onClose: () => void;
}

export function McpServerForm({ workspace, server, onSaved, onClose }: McpServerFormProps) {
  const { t } = useI18n();
  const client = useMcpServersClient();
  const credentialList = useCredentialList();
  const ids = useId();
  const id = (key: FormField) => `${ids}-${key}`;
  const [draft, setDraft] = useState<Draft>({ name: server?.name ?? '', url: server?.url ?? '', transport: server?.transport ?? 'streamable-http', credentialId: server?.credentialId ?? '' });
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const credentials = credentialList.status === 'ready' ? mcpCredentialsOf(credentialList.credentials, workspace) : [];
  // A server's credential the list does not hold (deleted, or not the reader's to see) stays chosen, named as such.
  const unknownCredential = draft.credentialId !== '' && credentialList.status === 'ready' && !credentials.some((each) => each.id === draft.credentialId);

  const showErrors = (found: Partial<Record<FormField, string>>) => {
    setErrors(found);
    focusFirstInvalid(Object.fromEntries(FIELD_ORDER.map((key) => [key, id(key)])), found as Record<string, string>);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const fields = { name: draft.name.trim(), url: draft.url.trim(), transport: draft.transport, credentialId: draft.credentialId === '' ? null : draft.credentialId };
    const parsed = server ? updateMcpServerSchema.safeParse(fields) : createMcpServerSchema.safeParse({ workspaceId: workspace, ...fields });
    if (!parsed.success) {
      const found: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = formFieldOf(issue.path);
        if (field && !found[field]) found[field] = t(`${M}errors.${formErrorKind(issue, String(fields[field] ?? ''))}`);
      }
      showErrors(found);
      return;
    }
    showErrors({});
    setBusy(true);
    try {
      onSaved(server ? await client.update(server.id, parsed.data) : await client.create({ workspaceId: workspace, ...fields }));
    } catch (error) {
      const field = error instanceof ApiError ? refusedFieldOf(error) : null;
      if (field && error instanceof ApiError) showErrors({ [field]: fieldRefusalText(t, error) });
      else setFailure(mcpErrorText(t, error));
      setBusy(false);
    }
  };

  return (
    <Dialog title={server ? t(`${M}form.editTitle`, { name: server.name }) : t(`${M}form.addTitle`)} onClose={onClose} testId="mcp-server-form">
      <form className="mcp-server-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField id={id('name')} label={t(`${M}form.name`)} hint={t(`${M}form.nameHint`)} value={draft.name} error={errors.name} autoComplete="off" onChange={(event) => set('name', event.target.value)} data-autofocus />
        <TextField id={id('url')} label={t(`${M}form.url`)} hint={t(`${M}form.urlHint`)} value={draft.url} error={errors.url} type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" onChange={(event) => set('url', event.target.value)} />
        <SelectField id={id('transport')} label={t(`${M}form.transport`)} hint={t(`${M}form.transportHint`)} value={draft.transport} error={errors.transport} onChange={(event) => set('transport', event.target.value as Draft['transport'])}>
          {MCP_TRANSPORTS.map((transport) => (
            <option key={transport} value={transport}>
              {transportText(t, transport)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={id('credentialId')}
          label={t(`${M}form.credential`)}
          hint={credentialList.status === 'loading' ? t(`${M}form.credentialLoading`) : t(`${M}form.credentialHint`)}
          value={draft.credentialId}
          error={errors.credentialId}
          onChange={(event) => set('credentialId', event.target.value)}
        >
          <option value="">{t(`${M}form.credentialNone`)}</option>
          {credentials.map((credential) => (
            <option key={credential.id} value={credential.id}>
              {credential.name} ({CREDENTIAL_TYPES[credential.type].label})
            </option>
          ))}
          {unknownCredential ? <option value={draft.credentialId}>{t(`${M}credentialGone`)}</option> : null}
        </SelectField>
        <p className="mcp-server-form-link">
          <Link to="/workflows/credentials">{t(`${M}form.addCredential`)}</Link>
        </p>
        {failure ? (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t(`${M}cancel`)}
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? t(`${M}form.saving`) : server ? t(`${M}form.submitEdit`) : t(`${M}form.submitAdd`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
