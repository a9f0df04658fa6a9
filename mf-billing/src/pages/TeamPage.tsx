// /billing/team (issue 21): billing teams became workspaces (platform-api's
// migration moves each team, its members and open invitations; README
// "Billing teams become workspaces"). The page points to the workspace's
// members and says where seats come from: the owner's plan (WORKSPACE_SEATS).
import { useEffect } from 'react';
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { WORKSPACE_SEATS } from '@agentflow/shared/workspaces';
import { TEAM_MOVED_CATALOGS } from './team/i18n';

export function TeamPage() {
  useRemoteCatalogs(TEAM_MOVED_CATALOGS);
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.team.title')}`;
  }, [t]);
  return (
    <section className="card" aria-labelledby="billing-team-moved" data-testid="team-moved">
      <h2 id="billing-team-moved">{t('billing.teamMoved.heading')}</h2>
      <p>{t('billing.teamMoved.body')}</p>
      <p className="muted">{t('billing.teamMoved.seats', { free: WORKSPACE_SEATS.free, basic: WORKSPACE_SEATS.basic, premium: WORKSPACE_SEATS.premium })}</p>
      <p className="team-moved-actions">
        <Link className="button button-primary" to="/admin/access/workspace">
          {t('billing.teamMoved.members')}
        </Link>{' '}
        <Link className="button" to="/billing/plans">
          {t('billing.teamMoved.plans')}
        </Link>
      </p>
    </section>
  );
}
