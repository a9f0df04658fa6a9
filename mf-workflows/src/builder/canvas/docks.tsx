// The builder's docks: the palette on the left, the side panels on the right,
// each folding away (the canvas takes the room), and each right-hand panel
// folding on its own. What is folded is remembered on this device.
import { useCallback, useState, type ReactNode } from 'react';
import { useI18n } from '@agentflow/shared';

const C = 'workflows.canvas.';
export const DOCKS_STORAGE_KEY = 'agentflow.builder.docks';

/** Folded docks and panels by id ('palette', 'panels', 'section:problems', …): true = folded. */
type Folded = Record<string, boolean>;

function readFolded(): Folded {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(DOCKS_STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Folded) : {};
  } catch {
    return {};
  }
}

export function useFoldedDocks() {
  const [folded, setFolded] = useState<Folded>(readFolded);
  const setFold = useCallback((id: string, value: boolean) => {
    setFolded((current) => {
      if (Boolean(current[id]) === value) return current;
      const next = { ...current, [id]: value };
      try {
        window.localStorage.setItem(DOCKS_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Not remembered (storage disabled): still folds for now.
      }
      return next;
    });
  }, []);
  return { isFolded: (id: string) => Boolean(folded[id]), setFold };
}

const Chevron = ({ open }: { open: boolean }) => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
    <path d={open ? 'M6 9l6 6 6-6' : 'M9 6l6 6-6 6'} />
  </svg>
);

/** A right-hand panel that folds: unfolded, the panel (its own heading) and a small fold button; folded, one row naming it. */
export function DockSection({ id, title, folded, onFold, children }: { id: string; title: string; folded: boolean; onFold: (folded: boolean) => void; children: ReactNode }) {
  const { t } = useI18n();
  if (folded) {
    return (
      <div className="dock-section dock-section--folded" data-dock-section={id}>
        <button type="button" className="dock-section-unfold" aria-expanded="false" onClick={() => onFold(false)}>
          <Chevron open={false} /> {title}
        </button>
      </div>
    );
  }
  return (
    <div className="dock-section" data-dock-section={id}>
      <button type="button" className="dock-section-fold" aria-expanded="true" aria-label={t(`${C}dock.collapse`, { panel: title })} title={t(`${C}dock.collapse`, { panel: title })} onClick={() => onFold(true)}>
        <Chevron open />
      </button>
      {children}
    </div>
  );
}

/** The button on a dock's edge that folds or unfolds it (a panel icon; its words are its name). */
export function DockToggle({ side, folded, onFold }: { side: 'left' | 'right'; folded: boolean; onFold: (folded: boolean) => void }) {
  const { t } = useI18n();
  const label = t(`${C}dock.${side === 'left' ? (folded ? 'showPalette' : 'hidePalette') : folded ? 'showPanels' : 'hidePanels'}`);
  return (
    <button type="button" className={`dock-toggle dock-toggle--${side}`} aria-expanded={!folded} aria-label={label} title={label} onClick={() => onFold(!folded)}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d={side === 'left' ? 'M9 4v16' : 'M15 4v16'} />
      </svg>
    </button>
  );
}
