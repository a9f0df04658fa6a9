// A data table in its own horizontally scrolling box (entry '@agentflow/shared/ui').
import type { ReactNode } from 'react';

/** A column heading: its text, or its text and a class ('number' right-aligns figures). */
export type Column = string | { label: string; className: string };

/**
 * The table scrolls inside `.table-scroll` so a wide one never widens the page
 * on a phone; the headings are column headers, and the caller renders the
 * rows (`children`, the tbody's content). `caption` names the table
 * (`hideCaption`: for screen readers only).
 */
export function DataTable({
  columns,
  className,
  testId,
  caption,
  hideCaption = false,
  children,
}: {
  columns: readonly Column[];
  className: string;
  testId?: string;
  caption?: string;
  hideCaption?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className={className} data-testid={testId}>
        {caption ? <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) =>
              typeof column === 'string' ? (
                <th key={index} scope="col">
                  {column}
                </th>
              ) : (
                <th key={index} scope="col" className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
