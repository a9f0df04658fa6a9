// What the catalogue does to the user's workflows: create (blank, from a
// template, duplicated, imported), rename, move to and from the trash, delete
// forever. Each write refreshes the user's list and says how it went.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useI18n, useNavigate, useToast } from '@agentflow/shared';
import { emptyWorkflow, TRASH_RETENTION_DAYS, type TriggerNodeType, type Workflow } from '@agentflow/shared/workflow';
import { withoutPins, type CatalogueUser, type NewWorkflow } from '../api/catalogue';
import { useCatalogueSource } from '../components/CatalogueSourceContext';
import { useRunsClient } from '../runs/RunsClientContext';
import { fileProblemText } from './fileProblemText';
import { readWorkflowFile } from './workflowFile';
import { TRIGGER_CHOICES } from './triggers';

const L = 'workflows.lifecycle.';

/** A chosen file's text (FileReader where Blob.text() is missing: older Safari, jsdom). */
function fileText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/**
 * `organizationId`: the workspace new and imported workflows go to (the
 * current one; null or absent = personal). A duplicate stays in its original's.
 */
export function useWorkflowLifecycle({ user, refresh, organizationId = null }: { user: CatalogueUser | null; refresh: () => Promise<void>; organizationId?: string | null }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const source = useCatalogueSource();
  const runs = useRunsClient();
  const navigate = useNavigate();
  const [importError, setImportError] = useState<string | null>(null);

  const fail = (key: string) => toast({ title: t(key), variant: 'destructive' });
  // Relative: /workflows/<id> under the shell, /<id> when standalone.
  const open = (id: string) => void navigate(encodeURIComponent(id));

  const createAndOpen = useMutation({
    mutationFn: (workflow: NewWorkflow) => source.createWorkflow({ ...workflow, organizationId }, user as CatalogueUser),
    onSuccess: async (id) => {
      await refresh();
      open(id);
    },
  });

  // The trigger is named in the reader's language, as the builder names the steps it adds.
  const createBlank = (name: string, trigger: TriggerNodeType) => {
    const workflow = emptyWorkflow(user?.uid ?? '', name, { trigger });
    const key = TRIGGER_CHOICES.find((choice) => choice.type === trigger)?.key ?? 'manual';
    createAndOpen.mutate({ ...workflow, nodes: workflow.nodes.map((node) => ({ ...node, name: t(`${L}create.triggers.${key}.nodeName`) })) });
  };

  const duplicate = useMutation({
    mutationFn: async (workflow: Workflow) => {
      const name = t(`${L}duplicate.name`, { name: workflow.name });
      await source.createWorkflow({ ...workflow, name, nodes: withoutPins(workflow.nodes), organizationId: workflow.organizationId ?? null }, user as CatalogueUser);
      return name;
    },
    onSuccess: async (name) => {
      await refresh();
      toast({ title: t(`${L}duplicate.done`, { name }) });
    },
    onError: () => fail(`${L}duplicate.failed`),
  });

  const rename = useMutation({
    mutationFn: ({ workflow, name }: { workflow: Workflow; name: string }) => source.renameWorkflow(workflow, name),
    onSuccess: refresh,
  });

  const restore = useMutation({
    mutationFn: (workflow: Workflow) => source.setTrashed(workflow, false),
    onSuccess: async (_nothing, workflow) => {
      await refresh();
      toast({ title: t(`${L}trash.restored`, { name: workflow.name }) });
    },
    onError: () => fail(`${L}trash.failed`),
  });

  const trash = useMutation({
    mutationFn: (workflow: Workflow) => source.setTrashed(workflow, true),
    onSuccess: async (_nothing, workflow) => {
      await refresh();
      toast({
        title: t(`${L}trash.moved`, { name: workflow.name }),
        description: t(`${L}trash.movedBody`, { days: TRASH_RETENTION_DAYS }),
        action: { label: t(`${L}trash.undo`), onClick: () => restore.mutate(workflow) },
      });
    },
    onError: () => fail(`${L}trash.failed`),
  });

  const deleteForever = useMutation({
    mutationFn: async (workflow: Workflow) => {
      // Its finished runs (and their files) go now; whatever is left, housekeeping purges with the workflow gone.
      await runs.removeFinished(workflow.id).catch(() => undefined);
      await source.deleteForever(workflow);
    },
    onSuccess: async (_nothing, workflow) => {
      await refresh();
      toast({ title: t(`${L}trash.deleted`, { name: workflow.name }) });
    },
  });

  /** A JSON file as a new workflow that then opens; a bad file says what is wrong with it. */
  const importFile = async (file: File) => {
    setImportError(null);
    let text: string;
    try {
      text = await fileText(file);
    } catch {
      setImportError(t(`${L}import.unreadable`));
      return;
    }
    const result = readWorkflowFile(text, file.name.replace(/\.json$/i, '') || t(`${L}import.importedName`));
    if (!result.ok) {
      setImportError(fileProblemText(t, result));
      return;
    }
    createAndOpen.mutate(result.workflow, { onError: () => setImportError(t(`${L}import.failed`)) });
  };

  return { createAndOpen, createBlank, duplicate, rename, trash, restore, deleteForever, importFile, importError, clearImportError: () => setImportError(null) };
}
