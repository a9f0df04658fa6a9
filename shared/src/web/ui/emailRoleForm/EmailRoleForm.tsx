// One form for "an e-mail address and a role": inviting someone to a
// workspace (mf-rbac) and sharing a workflow with someone (mf-workflows). It
// checks the address with the services' own rule (the invitation schema's
// e-mail), offers the roles it is given, and says how the sending went: the
// caller's confirmation, or the refusal translated by its code (errorKey), or
// a refusal the caller draws itself (renderError: the seat limit's plan link).
// It reads no context: the page passes its `t`, with EMAIL_ROLE_FORM_CATALOGS
// registered (useRemoteCatalogs), so the kit entry stays outside the singleton.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { inviteMemberSchema } from '../../../domain/workspaces/schemas.js';

const F = 'emailRoleForm.';

/** The t useI18n() gives (TFunction), as this kit entry names it without importing the singleton. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Whether the services would take this as an e-mail address (after trimming). */
export function isEmailAddress(value: string): boolean {
  return inviteMemberSchema.shape.email.safeParse(value).success;
}

/** The code a service's refusal carries (ApiError's `code`), if any. */
export function refusalCode(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code ? code : null;
}

export interface EmailRoleFormProps<Role extends string> {
  t: Translate;
  roles: readonly Role[];
  roleName: (role: Role) => string;
  initialRole: Role;
  /** The role select's label (Role, Access…). */
  roleLabel: string;
  submitLabel: string;
  submittingLabel: string;
  heading?: string;
  /** Sends; resolves to the confirmation to show (the address is then cleared), rejects with the service's refusal. */
  onSubmit: (email: string, role: Role) => Promise<string>;
  /** The text key of a refusal (by its code). */
  errorKey: (error: unknown) => string;
  /** A refusal drawn by the caller instead of a text (null: the text by errorKey). */
  renderError?: (error: unknown) => ReactNode | null;
  /** Disabled from outside too (another action of the page is running). */
  disabled?: boolean;
  /** The dialog's first field (Dialog focuses [data-autofocus]). */
  autoFocus?: boolean;
  className?: string;
  testId?: string;
  submitTestId?: string;
}

type Outcome = { kind: 'sent'; text: string } | { kind: 'failed'; error: unknown } | null;

export function EmailRoleForm<Role extends string>(props: EmailRoleFormProps<Role>) {
  const { t, roles, roleName, initialRole, roleLabel, submitLabel, submittingLabel, heading, onSubmit, errorKey, renderError, disabled = false, autoFocus = false, className, testId, submitTestId } = props;
  const ids = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(initialRole);
  const [emailError, setEmailError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setEmailError(true);
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const text = await onSubmit(address, role);
      setEmail('');
      setOutcome({ kind: 'sent', text });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  const drawn = outcome?.kind === 'failed' && renderError ? renderError(outcome.error) : null;
  return (
    <form className={className} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={heading ? `${ids}-title` : undefined} data-testid={testId}>
      {heading ? <h3 id={`${ids}-title`}>{heading}</h3> : null}
      <div className="email-role-fields">
        <div className="form-field">
          <label htmlFor={`${ids}-email`}>{t(`${F}emailLabel`)}</label>
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            data-autofocus={autoFocus || undefined}
            value={email}
            aria-invalid={emailError || undefined}
            aria-describedby={emailError ? `${ids}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(false);
            }}
          />
          {emailError ? (
            <p id={`${ids}-email-error`} className="field-error" role="alert">
              {t(`${F}emailInvalid`)}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={`${ids}-role`}>{roleLabel}</label>
          <select id={`${ids}-role`} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {roles.map((each) => (
              <option key={each} value={each}>
                {roleName(each)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={busy || disabled} data-testid={submitTestId}>
          {busy ? submittingLabel : submitLabel}
        </button>
      </div>
      {outcome?.kind === 'sent' ? (
        <p className="email-role-status" role="status">
          {outcome.text}
        </p>
      ) : outcome?.kind === 'failed' ? (
        (drawn ?? (
          <p className="form-alert" role="alert">
            {t(errorKey(outcome.error))}
          </p>
        ))
      ) : null}
    </form>
  );
}
