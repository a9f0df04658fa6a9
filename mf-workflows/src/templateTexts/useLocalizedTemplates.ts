// The industry templates in the reader's language: the catalogue shows their
// names and descriptions translated, and "Use template" copies the translated
// template (prompts included, so its agents work in that language). The texts
// of one language are loaded on demand (English needs none).
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@agentflow/shared';
import { loadTemplateTexts, localizedTemplate, type Workflow } from '@agentflow/shared/workflow';

/** `localize(workflows)`: the templates among them in the reader's language (the others as they are). */
export function useLocalizedTemplates(enabled: boolean): (workflows: readonly Workflow[]) => Workflow[] {
  const { language } = useI18n();
  const texts = useQuery({
    queryKey: ['workflows', 'templateTexts', language],
    queryFn: async () => (await loadTemplateTexts(language)) ?? null,
    enabled: enabled && language !== 'en',
    staleTime: Infinity,
  });
  const table = texts.data ?? undefined;
  return useCallback((workflows) => workflows.map((workflow) => (workflow.visibility === 'template' ? localizedTemplate(workflow, table) : workflow)), [table]);
}
