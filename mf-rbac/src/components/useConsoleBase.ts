import { useLocation, useParams } from '@agentflow/shared';

/**
 * The URL the console is mounted at ('/admin/access' in the shell, '' when the
 * remote runs standalone at '/*'), for absolute links between its sections.
 * Relative links cannot be used: inside a splat route ('/admin/access/*')
 * React Router 7 resolves them against the whole URL.
 */
export function useConsoleBase(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = rest && pathname.endsWith(rest) ? pathname.slice(0, pathname.length - rest.length) : pathname;
  return base.replace(/\/+$/, '');
}
