// What a plan card promises beyond its token allowance: read from the one
// entitlements table (PLAN_ENTITLEMENTS, by the package's role) that
// platform-api and billing-api enforce, never from the package's own list,
// so the page lists exactly what the services allow. A switch the plan lacks
// is listed too, marked "Not included", so plans compare row by row.
import { useI18n, type MembershipPackage } from '@agentflow/shared';
import { entitlementsFor, type PlanFeature } from '@agentflow/shared/entitlements';

/** The switch-like entitlements, in the order the cards list them. */
const SWITCHES: readonly PlanFeature[] = ['webhookTriggers', 'scheduleTriggers'];

export function PlanAllowances({ pkg }: { pkg: Pick<MembershipPackage, 'id' | 'role'> }) {
  const { t, language } = useI18n();
  const allows = entitlementsFor(pkg.role);
  const max = allows.maxCredentials;
  return (
    <ul className="billing-plan-allowances" aria-label={t('billing.plans.allowances.label')} data-testid={`plan-${pkg.id}-allowances`}>
      {SWITCHES.map((feature) => {
        const included = allows[feature];
        return (
          <li key={feature} className={included ? 'included' : 'excluded'} data-testid={`plan-${pkg.id}-${feature}`} data-included={included}>
            <span className="billing-plan-mark" aria-hidden="true">
              {included ? '✓' : '✗'}
            </span>
            <span>
              {t(`billing.plans.allowances.${feature}`)}
              {included ? (
                <span className="visually-hidden">{t('billing.plans.allowances.included')}</span>
              ) : (
                <span className="billing-plan-excluded">{t('billing.plans.allowances.notIncluded')}</span>
              )}
            </span>
          </li>
        );
      })}
      <li className="included" data-testid={`plan-${pkg.id}-credentials`}>
        <span className="billing-plan-mark" aria-hidden="true">
          ✓
        </span>
        <span>
          {max === null
            ? t('billing.plans.allowances.credentialsUnlimited')
            : t('billing.plans.allowances.credentialsUpTo', { max: new Intl.NumberFormat(language).format(max) })}
        </span>
      </li>
    </ul>
  );
}
