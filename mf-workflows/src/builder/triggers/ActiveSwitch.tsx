// The workflow's on/off switch (Workflow.active, absent = on): in the
// builder's toolbar and on each of the user's catalogue cards. Off, webhook,
// schedule and app triggers start no runs (acceptsTriggerEvents in the
// domain); manual runs work either way. Its name is its visible text,
// "Active"; what on and off mean is its description.
import { useId } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { TRIGGERS_CATALOGS } from './i18n';
import './triggers.css';

export interface ActiveSwitchProps {
  active: boolean;
  onChange: (active: boolean) => void;
  disabled?: boolean;
  /** Ids of more text describing it (a card's title, so a list of switches each say whose they are). */
  describedBy?: string;
  /** Hide the meaning line (the toolbar has no room; the card shows it). */
  compact?: boolean;
}

export function ActiveSwitch({ active, onChange, disabled = false, describedBy, compact = false }: ActiveSwitchProps) {
  useRemoteCatalogs(TRIGGERS_CATALOGS);
  const { t } = useI18n();
  const hintId = useId();
  const meaning = t(active ? 'workflows.triggers.activeOn' : 'workflows.triggers.activeOff');
  return (
    <span className={`active-switch-wrap${compact ? ' active-switch-wrap--compact' : ''}`}>
      <button
        type="button"
        role="switch"
        aria-checked={active}
        className="active-switch"
        data-testid="active-switch"
        disabled={disabled}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        title={compact ? meaning : undefined}
        onClick={() => onChange(!active)}
      >
        <span className="active-switch-track" aria-hidden="true">
          <span className="active-switch-thumb" />
        </span>
        <span className="active-switch-label">{t('workflows.triggers.active')}</span>
      </button>
      <span id={hintId} className={compact ? 'visually-hidden' : 'active-switch-hint muted'}>
        {meaning}
      </span>
    </span>
  );
}
