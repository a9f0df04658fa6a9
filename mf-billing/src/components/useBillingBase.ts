import { useLocation, useParams } from '@agentflow/shared';

/**
 * The URL the billing pages are mounted at ('/billing' in the shell, '' when
 * the remote runs standalone at '/*'), for absolute links between sections
 * (inside a splat route React Router 7 resolves relative links against the
 * whole URL).
 */
export function useBillingBase(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = rest && pathname.endsWith(rest) ? pathname.slice(0, pathname.length - rest.length) : pathname;
  return base.replace(/\/+$/, '');
}
