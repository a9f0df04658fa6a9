// The Team page's server state: query keys under billingKeys.team() (so one
// invalidation refreshes every team list) and the translated text of a
// team endpoint's refusal, by its stable code.
import { ApiError, isTeamErrorCode, type I18nContextValue } from '@agentflow/shared';
import { billingKeys } from '../../api/queries';
import { apiErrorMessage } from '../../components/messages';

export const teamKeys = {
  all: billingKeys.team,
  members: () => [...billingKeys.team(), 'members'] as const,
  sent: () => [...billingKeys.team(), 'sent'] as const,
  received: () => [...billingKeys.team(), 'received'] as const,
  membership: () => [...billingKeys.team(), 'membership'] as const,
};

/** A refusal with a team code reads as its translation; anything else as the billing pages' usual text. */
export function teamErrorMessage(t: I18nContextValue['t'], error: unknown): string {
  if (error instanceof ApiError && isTeamErrorCode(error.code)) return t(`billing.team.errors.${error.code}`);
  return apiErrorMessage(t, error);
}
