// The signed-in user's remaining tokens beside Run and Re-run, with a link to
// the plans: running out is a moment to upgrade, seen before the run is refused.
// Nothing until the membership has loaded (the header's count shows the same).
import { Link, useI18n, useMembership, useRemoteCatalogs } from '@agentflow/shared';
import { RUN_START_COST } from '@agentflow/shared/workflow';
import { PLANS_PAGE } from '../api/refusals';
import { REFUSALS_CATALOGS } from '../i18n/refusals';
import { R } from './RefusalNote';

export function TokenBalance() {
  useRemoteCatalogs(REFUSALS_CATALOGS);
  const { t } = useI18n();
  const { membership } = useMembership();
  if (!membership) return null;
  const empty = membership.tokensRemaining < RUN_START_COST;
  return (
    <p className={empty ? 'token-balance token-balance--empty' : 'token-balance'} data-testid="token-balance">
      <span>{t(`${R}balance`, { count: membership.tokensRemaining })}</span> <Link to={PLANS_PAGE}>{t(`${R}seePlans`)}</Link>
    </p>
  );
}
