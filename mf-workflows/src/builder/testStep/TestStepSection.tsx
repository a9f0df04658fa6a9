// The node configuration panel's Test step / Pin / Run from here. The panel
// itself (JSON viewer, sample input, calls) is a chunk of its own, loaded when
// a node is first selected, so the builder's first view does not carry it.
// Templates are read-only and cannot run: nothing is shown for them.
import { Suspense, lazy } from 'react';
import type { TestStepProps } from './TestStepPanel';

const TestStepPanel = lazy(() => import('./TestStepPanel'));

export function TestStepSection({ readOnly, ...props }: TestStepProps & { readOnly?: boolean }) {
  if (readOnly) return null;
  return (
    <Suspense fallback={null}>
      <TestStepPanel key={props.node.id} {...props} />
    </Suspense>
  );
}
