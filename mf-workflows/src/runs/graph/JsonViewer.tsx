// A small JSON viewer for step inputs and outputs: a tree whose objects and
// arrays collapse and expand (two levels open at first), a search that keeps
// only the rows whose key or value matches (with their parents) and marks the
// match, and copy buttons for every value and for the whole document. Written
// here rather than installed: it is ~200 lines and loads with the run graph
// and the test step panel only.
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { RUN_GRAPH_CATALOGS } from './i18n';
import './jsonViewer.css';

const J = 'workflows.json.';
/** Levels open before the user expands more. */
const OPEN_DEPTH = 2;

type Path = string;
const childPath = (path: Path, key: string | number) => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;
const entriesOf = (value: Record<string, unknown> | unknown[]): Array<[string, unknown]> =>
  Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);

/** The text a value is shown and copied as: strings as they are, the rest as JSON. */
export function copyText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}

const scalarText = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'undefined' : String(JSON.stringify(value)));

/**
 * The paths to keep while searching: every row whose key or scalar value
 * contains the query (case-insensitive), with all its ancestors; and the
 * containers to open (those holding a match). Null when there is no query.
 */
export function searchJson(value: unknown, query: string): { keep: Set<Path>; open: Set<Path>; matches: number } | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const keep = new Set<Path>();
  const open = new Set<Path>();
  let matches = 0;
  const visit = (node: unknown, path: Path, key: string | null): boolean => {
    const keyHit = key !== null && key.toLowerCase().includes(needle);
    let hit = keyHit;
    if (isContainer(node)) {
      for (const [childKey, child] of entriesOf(node)) if (visit(child, childPath(path, childKey), Array.isArray(node) ? null : childKey)) hit = true;
      if (hit && !keyHit) open.add(path);
      if (keyHit) open.add(path);
    } else if (scalarText(node).toLowerCase().includes(needle) || keyHit) {
      hit = true;
    }
    if (hit) keep.add(path);
    if (keyHit || (!isContainer(node) && hit)) matches += 1;
    return hit;
  };
  visit(value, '', null);
  return { keep, open, matches };
}

function Highlight({ text, query }: { text: string; query: string }) {
  const needle = query.trim().toLowerCase();
  if (!needle) return <>{text}</>;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}

export interface JsonViewerProps {
  value: unknown;
  /** What the document is (e.g. "Output"): names the tree and its search box. */
  label: string;
  testId?: string;
}

export function JsonViewer({ value, label, testId }: JsonViewerProps) {
  useRemoteCatalogs(RUN_GRAPH_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const [query, setQuery] = useState('');
  // Containers the user opened or closed; the rest follow OPEN_DEPTH.
  const [toggled, setToggled] = useState<Map<Path, boolean>>(new Map());
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const found = useMemo(() => searchJson(value, query), [value, query]);

  const copy = (text: string) => {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) {
      setCopied('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setCopied('ok'),
      () => setCopied('failed'),
    );
  };

  const isOpen = (path: Path, depth: number) => {
    if (found) return found.open.has(path);
    return toggled.get(path) ?? depth < OPEN_DEPTH;
  };
  const setAll = (open: boolean) => {
    const next = new Map<Path, boolean>();
    const visit = (node: unknown, path: Path) => {
      if (!isContainer(node)) return;
      next.set(path, open);
      for (const [key, child] of entriesOf(node)) visit(child, childPath(path, key));
    };
    visit(value, '');
    setQuery('');
    setToggled(next);
  };

  const row = (node: unknown, path: Path, key: string | null, depth: number): ReactNode => {
    if (found && !found.keep.has(path)) return null;
    const keyPart =
      key === null ? null : (
        <span className="json-key">
          <Highlight text={key} query={query} />:
        </span>
      );
    const copyButton = (
      <button type="button" className="json-copy" onClick={() => copy(copyText(node))}>
        {t(`${J}copy`)}
        <span className="visually-hidden"> {key ?? label}</span>
      </button>
    );
    if (!isContainer(node)) {
      return (
        <li key={path} className="json-row" data-path={path}>
          {keyPart}
          <span className={`json-value json-value--${node === null ? 'null' : typeof node}`}>
            <Highlight text={scalarText(node)} query={query} />
          </span>
          {copyButton}
        </li>
      );
    }
    const entries = entriesOf(node);
    const open = isOpen(path, depth);
    const count = t(`${J}${Array.isArray(node) ? 'items' : 'keys'}`, { count: entries.length });
    return (
      <li key={path} className="json-row json-row--container" data-path={path}>
        {entries.length === 0 ? (
          <span className="json-toggle json-toggle--empty">
            {keyPart}
            <span className="json-summary">
              {Array.isArray(node) ? '[ ]' : '{ }'} {t(`${J}empty`)}
            </span>
          </span>
        ) : (
          <button
            type="button"
            className="json-toggle"
            aria-expanded={open}
            onClick={() => setToggled((current) => new Map(current).set(path, !open))}
            disabled={found !== null}
          >
            <span aria-hidden="true" className="json-caret">
              {open ? '▾' : '▸'}
            </span>
            {keyPart ?? <span className="json-key">{label}</span>}
            <span className="json-summary">
              {Array.isArray(node) ? '[ ]' : '{ }'} {count}
            </span>
          </button>
        )}
        {copyButton}
        {open && entries.length > 0 && <ul className="json-children">{entries.map(([childKey, child]) => <Fragment key={childKey}>{row(child, childPath(path, childKey), childKey, depth + 1)}</Fragment>)}</ul>}
      </li>
    );
  };

  return (
    <div className="json-viewer" data-testid={testId ?? 'json-viewer'}>
      <div className="json-toolbar">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t(`${J}search`)}
        </label>
        <input id={`${id}-search`} type="search" className="json-search" placeholder={t(`${J}search`)} value={query} onChange={(event) => setQuery(event.target.value)} />
        {isContainer(value) && (
          <>
            <button type="button" className="button json-tool" onClick={() => setAll(true)}>
              {t(`${J}expandAll`)}
            </button>
            <button type="button" className="button json-tool" onClick={() => setAll(false)}>
              {t(`${J}collapseAll`)}
            </button>
          </>
        )}
        <button type="button" className="button json-tool" onClick={() => copy(copyText(value))}>
          {t(`${J}copyAll`)}
        </button>
      </div>
      <p className="json-copied" role="status" aria-live="polite">
        {copied === 'ok' ? t(`${J}copied`) : copied === 'failed' ? t(`${J}copyFailed`) : ''}
      </p>
      {found && found.keep.size === 0 ? (
        <p className="muted">{t(`${J}noMatches`, { query: query.trim() })}</p>
      ) : (
        <ul className="json-tree" aria-label={label}>
          {row(value, '', null, 0)}
        </ul>
      )}
    </div>
  );
}

export default JsonViewer;
