import { useRef, type KeyboardEvent } from 'react';
import { useI18n } from '@agentflow/shared';
import type { CatalogueTab } from './catalogueFilters';
import { useTrashTabLabel } from '../lifecycle/CatalogueLifecycle';

export const CATALOGUE_PANEL_ID = 'workflow-catalogue-panel';
export const tabId = (tab: CatalogueTab) => `workflow-tab-${tab}`;

/** The collections as an ARIA tab list: arrow keys, Home and End move between tabs. */
export function CatalogueTabs({
  tabs,
  selected,
  onSelect,
  labels = {},
}: {
  tabs: readonly CatalogueTab[];
  selected: CatalogueTab;
  onSelect: (tab: CatalogueTab) => void;
  /** Names that replace the catalogue's own (the workspace tabs' names live with the workspace texts). */
  labels?: Partial<Record<CatalogueTab, string>>;
}) {
  const { t } = useI18n();
  const buttons = useRef(new Map<CatalogueTab, HTMLButtonElement>());
  const trashLabel = useTrashTabLabel();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab);
    buttons.current.get(tab)?.focus();
  };

  return (
    <div className="catalogue-tabs" role="tablist" aria-label={t('workflows.catalogue.tabs.label')}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) buttons.current.set(tab, element);
            else buttons.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="catalogue-tab"
          aria-selected={tab === selected}
          aria-controls={CATALOGUE_PANEL_ID}
          tabIndex={tab === selected ? 0 : -1}
          data-testid={`catalogue-tab-${tab}`}
          onClick={() => onSelect(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {labels[tab] ?? (tab === 'trash' ? trashLabel : t(`workflows.catalogue.tabs.${tab}`))}
        </button>
      ))}
    </div>
  );
}
