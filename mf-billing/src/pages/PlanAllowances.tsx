// What a plan card promises beyond its token allowance: read from the one
// entitlements table (PLAN_ENTITLEMENTS, by the package's role) that
// platform-api and billing-api enforce, never from the package's own list,
// so the page lists exactly what the services allow. A switch the plan lacks
// is listed too, marked "Not included", so plans compare row by row; every
// limit (credentials, workspace seats, file size, storage, run retention) is
// listed on every card.
import { useI18n, type MembershipPackage } from '@agentflow/shared';
import { entitlementsFor, type PlanEntitlements, type PlanFeature } from '@agentflow/shared/entitlements';
import { formatBytes } from '@agentflow/shared/files';
import { seatLimitFor } from '@agentflow/shared/workspaces';
import type { ReactNode } from 'react';

/** The switch-like entitlements, in the order the cards list them. */
const SWITCHES: readonly PlanFeature[] = ['webhookTriggers', 'scheduleTriggers'];

/** A size in the language's own numerals and unit ("5,0 MB", "2,0 Go"): the figure a refusal names. */
const sizeText = (bytes: number, language: string): string => formatBytes(bytes, language);

type LimitRow = 'credentials' | 'seats' | keyof Pick<PlanEntitlements, 'maxFileBytes' | 'storageBytes' | 'runRetentionDays'>;

export function PlanAllowances({ pkg }: { pkg: Pick<MembershipPackage, 'id' | 'role'> }) {
  const { t, language } = useI18n();
  const allows = entitlementsFor(pkg.role);
  const max = allows.maxCredentials;
  // Seats come from the workspace owner's plan (workspaces/seats.ts), the figure an invitation past them names.
  const seats = seatLimitFor(pkg.role);
  const number = new Intl.NumberFormat(language);
  const limit = (row: LimitRow, value: number | null, text: ReactNode) => (
    <li key={row} className="included" data-testid={`plan-${pkg.id}-${row}`} data-value={value ?? 'unlimited'}>
      <span className="billing-plan-mark" aria-hidden="true">
        ✓
      </span>
      <span>{text}</span>
    </li>
  );
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
      {limit(
        'credentials',
        max,
        max === null ? t('billing.plans.allowances.credentialsUnlimited') : t('billing.plans.allowances.credentialsUpTo', { max: number.format(max) }),
      )}
      {limit(
        'seats',
        seats,
        seats === null ? t('billing.plans.allowances.seatsUnlimited') : seats <= 1 ? t('billing.plans.allowances.seatsJustYou') : t('billing.plans.allowances.seatsUpTo', { max: number.format(seats) }),
      )}
      {limit('maxFileBytes', allows.maxFileBytes, t('billing.plans.allowances.maxFileBytes', { size: sizeText(allows.maxFileBytes, language) }))}
      {limit('storageBytes', allows.storageBytes, t('billing.plans.allowances.storageBytes', { size: sizeText(allows.storageBytes, language) }))}
      {limit(
        'runRetentionDays',
        allows.runRetentionDays,
        t('billing.plans.allowances.runRetentionDays', { count: allows.runRetentionDays, days: number.format(allows.runRetentionDays) }),
      )}
    </ul>
  );
}
