// The palette: every step a workflow can have, grouped (Triggers, AI, Logic,
// Data, Apps by category) in collapsible groups and searchable by app, action
// and step names in the user's language. Apps come from their declarations:
// each operation is an entry ("HubSpot → Create deal") and each polling
// trigger one under Triggers. An entry adds its node on click (the builder
// places it after the selected node), or drags onto the canvas (DRAG_TYPE
// carries the node type, DRAG_INIT_TYPE its params). Core entries show the
// same glyphs as the node cards, app entries their brand badge.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CONNECTOR_CATEGORIES, CONNECTORS, CONNECTOR_LIMITS, type ConnectorDeclaration, type NodeType } from '@agentflow/shared/workflow';
import { useMediaQuery } from './builderHooks';
import { NODE_TYPE_KEYS } from './fields';
import { AppBadge } from '../connectors/AppBadge';
import { K, categoryLabel, entryLabel, operationLabel, triggerLabel, type Translate } from '../connectors/connectorTexts';
import { CONNECTORS_CATALOGS } from '../connectors/i18n';
import '../connectors/connectors.css';
import { NodeGlyph } from './canvas/BuilderNode';

const P = 'workflows.builder.';
/** The drag data type between the palette and the canvas. */
export const DRAG_TYPE = 'application/x-agentflow-node';
/** A dragged entry's initial node (params and name), as JSON. */
export const DRAG_INIT_TYPE = 'application/x-agentflow-node-init';

type GroupId = 'triggers' | 'ai' | 'logic' | 'data' | 'apps';
const CORE: Record<Exclude<GroupId, 'apps'>, NodeType[]> = {
  triggers: ['trigger.manual', 'trigger.webhook', 'trigger.schedule', 'trigger.error', 'trigger.chat'],
  ai: ['agent', 'knowledge'],
  logic: ['condition', 'loop', 'approval', 'wait', 'subworkflow'],
  data: ['transform', 'code', 'http', 'output'],
};
const GROUPS: GroupId[] = ['triggers', 'ai', 'logic', 'data', 'apps'];
/** builder.css puts the palette above the canvas at this width. */
const COMPACT_QUERY = '(max-width: 900px)';

export interface PaletteEntry {
  key: string;
  group: GroupId;
  /** Apps: the category sub-group. */
  category?: string;
  connector?: ConnectorDeclaration;
  nodeType: NodeType;
  params?: Record<string, unknown>;
  /** The new node's name. */
  name?: string;
  label: string;
  /** What the search looks in (lower case, without accents). */
  haystack: string;
}

/** Lower case without accents, so "creer" finds "Créer". */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function paletteEntries(t: Translate): PaletteEntry[] {
  const typeLabel = (type: NodeType) => t(`${P}nodeTypes.${NODE_TYPE_KEYS[type]}`);
  const entries: PaletteEntry[] = [];
  for (const [group, types] of Object.entries(CORE) as [GroupId, NodeType[]][]) {
    for (const type of types) entries.push({ key: type, group, nodeType: type, label: t(`${P}palette.add`, { type: typeLabel(type) }), haystack: fold(`${typeLabel(type)} ${t(`${K}palette.${group}`)}`) });
  }
  for (const connector of CONNECTORS) {
    const category = categoryLabel(t, connector.category);
    for (const trigger of connector.triggers) {
      const name = triggerLabel(t, connector, trigger.id);
      entries.push({
        key: `poll:${connector.id}.${trigger.id}`,
        group: 'triggers',
        connector,
        nodeType: 'trigger.poll',
        params: { connector: connector.id, trigger: trigger.id, params: {}, intervalMinutes: CONNECTOR_LIMITS.defaultPollMinutes },
        name,
        label: entryLabel(t, connector, name),
        haystack: fold(`${connector.name} ${name} ${category} ${typeLabel('trigger.poll')} ${t(`${K}palette.triggers`)}`),
      });
    }
    for (const operation of connector.operations) {
      const name = operationLabel(t, connector, operation.id);
      entries.push({
        key: `app:${connector.id}.${operation.id}`,
        group: 'apps',
        category: connector.category,
        connector,
        nodeType: 'connector',
        params: { connector: connector.id, operation: operation.id, params: {} },
        name,
        label: entryLabel(t, connector, name),
        haystack: fold(`${connector.name} ${name} ${category} ${typeLabel('connector')} ${t(`${K}palette.apps`)}`),
      });
    }
  }
  return entries;
}

/** A node to add: its type, and for app entries its params and name. */
export interface NewNode {
  nodeType: NodeType;
  params?: Record<string, unknown>;
  name?: string;
}

export function Palette({ onAdd, readOnly }: { onAdd: (node: NewNode) => void; readOnly: boolean }) {
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const [query, setQuery] = useState('');
  // App categories start closed (dozens of actions); the built-in groups open, but for the triggers
  // above the canvas on small screens (a workflow mostly has its trigger already).
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const compact = useMediaQuery(COMPACT_QUERY);
  const all = useMemo(() => paletteEntries(t), [t]);
  const words = fold(query).split(/\s+/).filter(Boolean);
  const searching = words.length > 0;
  const shown = searching ? all.filter((entry) => words.every((word) => entry.haystack.includes(word))) : all;
  const isOpen = (key: string, byDefault: boolean) => searching || (open[key] ?? byDefault);
  const toggle = (key: string, byDefault: boolean) => setOpen((current) => ({ ...current, [key]: !(current[key] ?? byDefault) }));

  const add = (entry: PaletteEntry) => onAdd({ nodeType: entry.nodeType, ...(entry.params ? { params: JSON.parse(JSON.stringify(entry.params)) as Record<string, unknown>, name: entry.name } : {}) });
  const button = (entry: PaletteEntry) => (
    <li key={entry.key}>
      <button
        type="button"
        className={`builder-palette-item builder-palette-item--${NODE_TYPE_KEYS[entry.nodeType]}`}
        disabled={readOnly}
        draggable={!readOnly}
        data-entry={entry.key}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, entry.nodeType);
          if (entry.params) e.dataTransfer.setData(DRAG_INIT_TYPE, JSON.stringify({ params: entry.params, name: entry.name }));
          e.dataTransfer.effectAllowed = 'copy';
        }}
        onClick={() => add(entry)}
      >
        {entry.connector ? <AppBadge connector={entry.connector} size="small" /> : <NodeGlyph nodeType={entry.nodeType} />}
        <span>{entry.label}</span>
      </button>
    </li>
  );
  const group = (key: string, title: string, byDefault: boolean, body: ReactNode, level: 'group' | 'sub') => {
    const expanded = isOpen(key, byDefault);
    return (
      <div key={key} className={`palette-group palette-group--${level}`} data-testid={`palette-group-${key}`}>
        <button type="button" className="palette-group-toggle" aria-expanded={expanded} aria-controls={`${id}-${key}`} onClick={() => toggle(key, byDefault)} disabled={searching}>
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {title}
        </button>
        <div id={`${id}-${key}`} hidden={!expanded}>
          {body}
        </div>
      </div>
    );
  };

  return (
    <nav className="builder-palette" aria-label={t(`${P}palette.title`)}>
      <h2>{t(`${P}palette.title`)}</h2>
      <input
        type="search"
        className="palette-search"
        aria-label={t(`${K}palette.search`)}
        placeholder={t(`${K}palette.search`)}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p className="field-hint">{t(`${P}palette.hint`)}</p>
      {searching && shown.length === 0 && (
        <p className="field-hint" role="status">
          {t(`${K}palette.noMatch`, { query })}
        </p>
      )}
      {GROUPS.map((groupId) => {
        const inGroup = shown.filter((entry) => entry.group === groupId);
        if (inGroup.length === 0) return null;
        const body =
          groupId !== 'apps' ? (
            <ul className="palette-entries">{inGroup.map(button)}</ul>
          ) : (
            CONNECTOR_CATEGORIES.map((category) => {
              const inCategory = inGroup.filter((entry) => entry.category === category);
              return inCategory.length === 0 ? null : group(`apps.${category}`, categoryLabel(t, category), false, <ul className="palette-entries">{inCategory.map(button)}</ul>, 'sub');
            })
          );
        return group(groupId, t(`${K}palette.${groupId}`), !(compact && groupId === 'triggers'), body, 'group');
      })}
    </nav>
  );
}
