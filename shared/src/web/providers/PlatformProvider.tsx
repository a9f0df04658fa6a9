import { useMemo, type ReactNode } from 'react';
import type { AppConfig } from '../config.js';
import { PlatformContext } from '../federation/contexts.js';

export function PlatformProvider({ host, config, children }: { host: string; config: AppConfig; children: ReactNode }) {
  const value = useMemo(() => ({ host, config }), [host, config]);
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}
