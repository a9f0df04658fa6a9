import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, useI18n, type AuditEntry } from '@agentflow/shared';
import { auditQuerySchema } from '@agentflow/shared/rbac';
import type { AuditFilters } from '../api/client';
import { accessKeys, useAccessClient } from '../api/queries';
import { Dialog } from '@agentflow/shared/dialog';
import { SelectField, TextField } from '@agentflow/shared/ui';
import { formatTime } from '../components/messages';
import { ListTable, Panel } from '../components/Panel';
import { useSchemaForm } from '../components/useSchemaForm';
import { auditActionName, targetTypeName } from '../i18n/accessNames';

export const AUDIT_PAGE_SIZE = 25;

const FIELD_IDS = { action: 'audit-action', actor: 'audit-actor', target: 'audit-target', organizationId: 'audit-organization', from: 'audit-from', to: 'audit-to' };
const EMPTY_FORM = { action: '', actor: '', target: '', organizationId: '', from: '', to: '' };

/** A date input's day as the start (or end) of that day in local time, ISO 8601; the raw text when it is no date (the schema then says so). */
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? day : date.toISOString();
}

/** The audit log: filters (action, actor, target, organization, dates), pages of entries with "Load more", and each entry's details. */
export function AuditPage() {
  const { t, language } = useI18n();
  const client = useAccessClient();
  const { errors, validate, clear, setErrors } = useSchemaForm(FIELD_IDS);
  const [form, setForm] = useState(EMPTY_FORM);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const log = useInfiniteQuery({
    queryKey: accessKeys.audit(filters),
    queryFn: ({ pageParam }) => client.auditLog(filters, pageParam, AUDIT_PAGE_SIZE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Every change elsewhere in the console adds entries: fetch afresh on each visit.
    staleTime: 0,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const change = (field: keyof typeof EMPTY_FORM, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  const onApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      action: form.action || undefined,
      actor: form.actor.trim() || undefined,
      target: form.target.trim() || undefined,
      organizationId: form.organizationId.trim() || undefined,
      from: dayBoundary(form.from, false),
      to: dayBoundary(form.to, true),
    };
    const data = validate(auditQuerySchema, input);
    if (!data) return;
    if (data.from && data.to && data.from > data.to) {
      setErrors({ to: t('rbac.validation.dateOrder') });
      return;
    }
    const { limit: _limit, cursor: _cursor, ...chosen } = data;
    setFilters(Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)) as AuditFilters);
  };

  const onClear = () => {
    setForm(EMPTY_FORM);
    setErrors({});
    setFilters({});
  };

  return (
    <Panel id="audit" title={t('rbac.audit.title')}>
      <form className="form card access-filters" noValidate onSubmit={onApply} aria-label={t('rbac.audit.filters')} data-testid="audit-filters">
        <div className="access-form-row">
          <SelectField id={FIELD_IDS.action} label={t('rbac.audit.action')} value={form.action} onChange={(event) => change('action', event.target.value)} error={errors.action}>
            <option value="">{t('rbac.audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {auditActionName(t, action)}
              </option>
            ))}
          </SelectField>
          <TextField id={FIELD_IDS.actor} label={t('rbac.audit.actor')} hint={t('rbac.audit.actorHint')} value={form.actor} autoComplete="off" onChange={(event) => change('actor', event.target.value)} error={errors.actor} />
          <TextField id={FIELD_IDS.target} label={t('rbac.audit.target')} value={form.target} autoComplete="off" onChange={(event) => change('target', event.target.value)} error={errors.target} />
          <TextField
            id={FIELD_IDS.organizationId}
            label={t('rbac.fields.organization')}
            value={form.organizationId}
            autoComplete="off"
            onChange={(event) => change('organizationId', event.target.value)}
            error={errors.organizationId}
          />
          <TextField id={FIELD_IDS.from} label={t('rbac.audit.from')} type="date" value={form.from} onChange={(event) => change('from', event.target.value)} error={errors.from} />
          <TextField id={FIELD_IDS.to} label={t('rbac.audit.to')} type="date" value={form.to} onChange={(event) => change('to', event.target.value)} error={errors.to} />
        </div>
        <div className="access-form-actions">
          <button type="submit" className="button button-primary">
            {t('rbac.audit.apply')}
          </button>
          <button type="button" className="button button-ghost" onClick={onClear}>
            {t('rbac.audit.clear')}
          </button>
        </div>
      </form>
      <ListTable read={{ error: log.error, isPending: log.isPending, data: log.data ? entries : undefined }} empty={t('rbac.audit.empty')} emptyStatus testId="audit-table"
        columns={[t('rbac.audit.time'), t('rbac.audit.action'), t('rbac.audit.actor'), t('rbac.audit.target'), t('rbac.fields.organization'), t('rbac.audit.status'), t('rbac.fields.actions')]}
        row={(entry, index) => (
          <tr key={entry.id ?? index} data-testid="audit-row" data-action={entry.action} data-status={entry.status}>
            <td>{formatTime(entry.timestamp, language)}</td>
            <td>
              {auditActionName(t, entry.action)}
            </td>
            <td>{entry.userEmail ?? entry.userId}</td>
            <td>
              {targetTypeName(t, entry.targetType)}: <code>{entry.targetId}</code>
            </td>
            <td>{entry.organizationId ?? '—'}</td>
            <td>
              <span className={`access-status access-status-${entry.status}`}>{t(entry.status === 'success' ? 'rbac.audit.success' : 'rbac.audit.failure')}</span>
            </td>
            <td className="access-row-actions">
              <button type="button" className="button button-ghost" onClick={() => setOpen(entry)} data-testid="audit-details-button">
                {t('rbac.audit.details')}
              </button>
            </td>
          </tr>
        )}
      />
      {log.hasNextPage ? (
        <button type="button" className="button button-secondary access-more" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} aria-busy={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? t('common.loading') : t('rbac.audit.loadMore')}
        </button>
      ) : null}
      {open ? <AuditDetails entry={open} onClose={() => setOpen(null)} /> : null}
    </Panel>
  );
}

function AuditDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t, language } = useI18n();
  return (
    <Dialog title={t('rbac.audit.detailsTitle', { action: auditActionName(t, entry.action) })} onClose={onClose} testId="audit-details">
      <dl className="access-details">
        <div>
          <dt>{t('rbac.audit.time')}</dt>
          <dd>{formatTime(entry.timestamp, language)}</dd>
        </div>
        <div>
          <dt>{t('rbac.audit.actor')}</dt>
          <dd>
            {entry.userEmail ?? '—'} <code>{entry.userId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('rbac.audit.target')}</dt>
          <dd>
            {targetTypeName(t, entry.targetType)}: <code>{entry.targetId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('rbac.audit.status')}</dt>
          <dd>{t(entry.status === 'success' ? 'rbac.audit.success' : 'rbac.audit.failure')}</dd>
        </div>
        <div>
          <dt>{t('rbac.audit.ipAddress')}</dt>
          <dd>{entry.ipAddress ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('rbac.audit.userAgent')}</dt>
          <dd>{entry.userAgent ?? '—'}</dd>
        </div>
      </dl>
      <h3 className="access-details-heading">{t('rbac.audit.detailsJson')}</h3>
      <pre className="access-json" data-testid="audit-details-json" tabIndex={0}>
        {JSON.stringify(entry.details ?? {}, null, 2)}
      </pre>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t('rbac.actions.close')}
        </button>
      </div>
    </Dialog>
  );
}
