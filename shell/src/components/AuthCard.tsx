import type { FormEvent, ReactNode } from 'react';
import { HelpButton } from '@agentflow/shared';

/** The card an account screen sits in: its heading, then the last failure, then the form. */
export function AuthCard({ id, title, intro, error, children }: { id: string; title: string; intro?: string; error: string | null; children: ReactNode }) {
  return (
    <section className="centered-page auth-page" aria-labelledby={id}>
      <div className="page-header-top">
        <h1 id={id}>{title}</h1>
        <HelpButton topic="account" />
      </div>
      {intro ? <p className="muted">{intro}</p> : null}
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** An account screen's form: its fields, then the one full-width submit button; busy while the last submit runs. */
export function AuthForm({ busy, submitLabel, onSubmit, children }: { busy: boolean; submitLabel: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>; children: ReactNode }) {
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      {children}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
