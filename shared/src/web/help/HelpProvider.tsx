import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { HelpContext, type HelpContextValue } from '../federation/contexts.js';
import type { HelpTopicKey } from './topics.js';

// The sidebar and its five languages of text load when help is first opened.
const HelpSidebar = lazy(() => import('./HelpSidebar.js'));

/** openHelp(topic) / closeHelp() for the host and every remote; focus returns to the opener. */
export function HelpProvider({ children }: { children: ReactNode }) {
  const [topicKey, setTopicKey] = useState<HelpTopicKey | null>(null);
  const [sidebarNeeded, setSidebarNeeded] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const openHelp = useCallback((topic: HelpTopicKey) => {
    // Switching topics inside the sidebar keeps the original opener.
    setTopicKey((current) => {
      if (current === null && typeof document !== 'undefined') {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      return topic;
    });
    setSidebarNeeded(true);
  }, []);
  const closeHelp = useCallback(() => setTopicKey(null), []);
  const restoreFocus = useCallback(() => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, []);

  const value = useMemo<HelpContextValue>(() => ({ topicKey, openHelp, closeHelp }), [topicKey, openHelp, closeHelp]);
  return (
    <HelpContext.Provider value={value}>
      {children}
      {sidebarNeeded ? (
        <Suspense fallback={null}>
          <HelpSidebar topicKey={topicKey} onClose={closeHelp} onOpenTopic={openHelp} onClosed={restoreFocus} />
        </Suspense>
      ) : null}
    </HelpContext.Provider>
  );
}
