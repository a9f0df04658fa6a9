// Rows a structured editor edits, kept locally so a row with a blank or
// repeated name is not lost while typing; the node gets what the rows say.
// Outside changes (the JSON view, undo, import) replace the rows when they
// say something else.
import { useState } from 'react';

export function useRows<R>(value: unknown, rowsOf: (value: unknown) => R[], valueOf: (rows: R[]) => unknown, onChange: (value: unknown) => void) {
  const [rows, setRows] = useState<R[]>(() => rowsOf(value));
  const serialized = JSON.stringify(value ?? null);
  const [followed, setFollowed] = useState(serialized);
  if (followed !== serialized) {
    setFollowed(serialized);
    if (JSON.stringify(valueOf(rows) ?? null) !== serialized) setRows(rowsOf(value));
  }
  const update = (next: R[]) => {
    setRows(next);
    const out = valueOf(next);
    const text = JSON.stringify(out ?? null);
    // A row without a name yet changes nothing to save.
    if (text === followed) return;
    setFollowed(text);
    onChange(out);
  };
  return [rows, update] as const;
}

/** A copy of `list` with item `index` moved by one place. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[to]] = [copy[to]!, copy[index]!];
  return copy;
}
