// React Flow drops a node's measured size whenever a controlled node is
// handed over as a new object without `measured`, and hides the node until it
// is measured again. When that re-measure lands in the same commit as the
// next new object (a live run re-renders twice a second), the node stays
// hidden for good. Keeping the sizes React Flow reported, and handing them
// back on every node, keeps every card visible.
import { useCallback, useState } from 'react';
import type { NodeChange, Node } from '@xyflow/react';

export type MeasuredSizes = Record<string, { width: number; height: number }>;

/** The sizes reported in a batch of node changes, by node id (empty when none). */
export function dimensionsIn<N extends Node>(changes: readonly NodeChange<N>[]): MeasuredSizes {
  const sizes: MeasuredSizes = {};
  for (const change of changes) if (change.type === 'dimensions' && change.dimensions) sizes[change.id] = change.dimensions;
  return sizes;
}

/** The sizes React Flow measured, and the handler that keeps them (pass each node `measured: sizes[id]`). */
export function useMeasuredSizes(): { sizes: MeasuredSizes; keep: (sizes: MeasuredSizes) => void } {
  const [sizes, setSizes] = useState<MeasuredSizes>({});
  const keep = useCallback((reported: MeasuredSizes) => {
    if (Object.keys(reported).length === 0) return;
    setSizes((known) => {
      const changed = Object.entries(reported).some(([id, size]) => known[id]?.width !== size.width || known[id]?.height !== size.height);
      return changed ? { ...known, ...reported } : known;
    });
  }, []);
  return { sizes, keep };
}
