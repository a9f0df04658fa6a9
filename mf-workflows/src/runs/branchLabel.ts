// A branch's name as the builder's canvas shows it (Yes/No, For each item/Done,
// Success/Error): the run graph and the steps list read the canvas's own
// catalog, so the builder and a run can never name a branch differently.
import { useCallback } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CANVAS_CATALOGS } from '../builder/canvas/i18n';
import { en as canvasEn } from '../builder/canvas/i18n/en';

const NAMED_BRANCHES: Readonly<Record<string, string>> = canvasEn.workflows.canvas.branch;

/** A stored branch handle ('true', 'error', …) in the reader's language; a handle the canvas does not name stays as stored. */
export function useBranchLabel(): (branch: string) => string {
  useRemoteCatalogs(CANVAS_CATALOGS);
  const { t } = useI18n();
  return useCallback((branch: string) => (Object.hasOwn(NAMED_BRANCHES, branch) ? t(`workflows.canvas.branch.${branch}`) : branch), [t]);
}
