// The schedule trigger's preview in the node form, as a chunk of its own
// (cronstrue, its locale and croner): the builder's first view carries none
// of them.
import { Suspense, lazy } from 'react';
import type { SchedulePreviewProps } from './SchedulePreview';

const SchedulePreview = lazy(() => import(/* webpackChunkName: "schedule-preview" */ './SchedulePreview'));

export function ScheduleTriggerSection(props: SchedulePreviewProps) {
  return (
    <Suspense fallback={null}>
      <SchedulePreview {...props} />
    </Suspense>
  );
}
