import type { ReactNode } from 'react';
import type { AppConfig } from '../config.js';
import { HelpProvider } from '../help/HelpProvider.js';
import { MembershipProvider } from '../membership/MembershipProvider.js';
import { RBACProvider } from '../rbac/RBACProvider.js';
import { ToastProvider } from '../toast/ToastProvider.js';
import { WorkspaceProvider } from '../workspaces/WorkspaceProvider.js';
import { AuthProvider } from './AuthProvider.js';
import { I18nProvider } from './I18nProvider.js';
import { PlatformProvider } from './PlatformProvider.js';

/**
 * Every provider of the federation contract, in the order they depend on each
 * other. The shell mounts it once; a remote mounts it only when standalone.
 */
export function AppProviders({ host, config, children }: { host: string; config: AppConfig; children: ReactNode }) {
  return (
    <PlatformProvider host={host} config={config}>
      <I18nProvider>
        <AuthProvider>
          {/* Lazy: reads nothing until a component calls useRBAC() (see RBACProvider). */}
          {/* Fetches only for a signed-in user: the membership and this period's token summary. */}
          <MembershipProvider>
            {/* The signed-in user's workspaces and the current one (fetch only; nothing for a visitor). */}
            <WorkspaceProvider>
              <RBACProvider>
                <ToastProvider>
                  <HelpProvider>{children}</HelpProvider>
                </ToastProvider>
              </RBACProvider>
            </WorkspaceProvider>
          </MembershipProvider>
        </AuthProvider>
      </I18nProvider>
    </PlatformProvider>
  );
}
