// The data an approval step shows its approver, as readable key/value pairs
// rather than raw JSON: nested objects become nested lists (a few levels
// deep), lists of plain values a comma-separated line, and a long value is
// folded behind "Show all" so one pasted e-mail body does not push the
// buttons off the screen.
import { useState } from 'react';
import { useI18n } from '@agentflow/shared';

/** Longer values are folded. */
export const FOLD_AT = 160;
/** Longer lists show this many items until unfolded. */
export const LIST_FOLD_AT = 5;
/** Deeper structures are shown as JSON (folded when long). */
const MAX_DEPTH = 3;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** 'customerName' and 'customer_name' read as 'customer name'. */
export function readableKey(key: string): string {
  const spaced = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase() : key;
}

function Folded({ text }: { text: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (text.length <= FOLD_AT) return <span className="shown-text">{text}</span>;
  return (
    <span className="shown-text">
      {open ? text : `${text.slice(0, FOLD_AT).replace(/[\s.,;:]+$/, '')}…`}{' '}
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {t(open ? 'approvals.item.showLess' : 'approvals.item.showAll')}
      </button>
    </span>
  );
}

/** A list of plain values, one per line (items may hold commas); a long list folded. */
function PlainList({ items }: { items: readonly unknown[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, LIST_FOLD_AT);
  return (
    <>
      <ul className="shown-list">
        {shown.map((item, index) => (
          <li key={index}>{item === null ? '' : String(item)}</li>
        ))}
      </ul>
      {items.length > LIST_FOLD_AT && (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {open ? t('approvals.item.showLess') : t('approvals.item.showAllCount', { count: items.length })}
        </button>
      )}
    </>
  );
}

function Value({ value, depth }: { value: unknown; depth: number }) {
  const { t, language } = useI18n();
  if (value === null || value === undefined || value === '') return <span className="shown-empty">{t('approvals.item.emptyValue')}</span>;
  if (typeof value === 'boolean') return <span>{t(value ? 'approvals.item.yes' : 'approvals.item.no')}</span>;
  if (typeof value === 'number') return <span>{new Intl.NumberFormat(language).format(value)}</span>;
  if (typeof value === 'string') return <Folded text={value} />;
  if (Array.isArray(value) && value.every(isPlain)) return value.length === 1 ? <Folded text={String(value[0] ?? '')} /> : <PlainList items={value} />;
  if (isRecord(value) && depth < MAX_DEPTH && Object.keys(value).length > 0) return <Pairs data={value} depth={depth + 1} />;
  return <Folded text={JSON.stringify(value)} />;
}

function Pairs({ data, depth }: { data: Record<string, unknown>; depth: number }) {
  return (
    <dl className={depth === 0 ? 'shown-data' : 'shown-data shown-data--nested'}>
      {Object.entries(data).map(([key, value]) => (
        <div key={key} className="shown-pair">
          <dt title={key}>{readableKey(key)}</dt>
          <dd>
            <Value value={value} depth={depth} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ShownData({ data }: { data: Record<string, unknown> | null | undefined }) {
  const { t } = useI18n();
  if (!data || Object.keys(data).length === 0) return <p className="shown-none">{t('approvals.item.noData')}</p>;
  return <Pairs data={data} depth={0} />;
}
