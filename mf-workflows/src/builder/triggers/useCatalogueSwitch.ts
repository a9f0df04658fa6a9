// The catalogue card's on/off switch: a direct update of the workflow
// document (CatalogueSource.setActive, the next version like a rename), then
// the list is read again; a toast says what changed or that it failed.
import { useMutation } from '@tanstack/react-query';
import { useI18n, useRemoteCatalogs, useToast } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { useCatalogueSource } from '../../components/CatalogueSourceContext';
import { TRIGGERS_CATALOGS } from './i18n';

export function useCatalogueSwitch(refresh: () => Promise<unknown>): (workflow: Workflow, active: boolean) => void {
  useRemoteCatalogs(TRIGGERS_CATALOGS);
  const { t } = useI18n();
  const { toast } = useToast();
  const source = useCatalogueSource();
  const mutation = useMutation({
    mutationFn: ({ workflow, active }: { workflow: Workflow; active: boolean }) => source.setActive(workflow, active),
    onSuccess: async (_nothing, { workflow, active }) => {
      await refresh();
      toast({ title: t(active ? 'workflows.triggers.switchedOn' : 'workflows.triggers.switchedOff', { name: workflow.name }) });
    },
    onError: (_error, { workflow }) => toast({ title: t('workflows.triggers.switchFailed', { name: workflow.name }), variant: 'destructive' }),
  });
  return (workflow, active) => mutation.mutate({ workflow, active });
}
