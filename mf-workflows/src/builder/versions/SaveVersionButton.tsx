// The toolbar's "Save version": opens a small dialog for an optional name,
// then writes a labelled snapshot of the workflow as it is now.
import { lazy, Suspense, useState } from 'react';
import { useI18n, useOnline, useRemoteCatalogs, useToast } from '@agentflow/shared';
import { VERSIONS_CATALOGS } from './i18n';
import type { VersionActions } from './useVersionActions';

const V = 'workflows.versions.';

// Not needed for the builder's first paint (and it brings Radix Dialog).
const SaveVersionDialog = lazy(() => import('./SaveVersionDialog'));

export function SaveVersionButton({ versions, readOnly }: { versions: Pick<VersionActions, 'saveVersion'>; readOnly: boolean }) {
  useRemoteCatalogs(VERSIONS_CATALOGS);
  const { t } = useI18n();
  const { toast } = useToast();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  if (readOnly) return null;
  return (
    <>
      <button type="button" data-testid="save-version" disabled={!online} title={online ? undefined : t(`${V}offlineHint`)} onClick={() => setOpen(true)}>
        {t(`${V}saveVersion`)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SaveVersionDialog
            onSave={async (label) => {
              const saved = await versions.saveVersion(label);
              if (saved) {
                setOpen(false);
                toast({ title: t(`${V}saved`), variant: 'success' });
              }
              return saved;
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
