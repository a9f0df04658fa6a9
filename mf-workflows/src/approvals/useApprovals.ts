// The approvals waiting for the signed-in user, kept fresh: fetched again
// when the bell's live notifications change (the shell announces it with
// NOTIFICATIONS_CHANGED_EVENT), when the window regains focus and every 15 s
// while the page is visible, so a decision taken elsewhere (another tab, the
// e-mail link, another approver) leaves the list soon.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_CHANGED_EVENT } from '@agentflow/shared/notifications';
import type { ApprovalItem } from '@agentflow/shared/approvals';
import type { ApprovalsClient } from './api';

export const APPROVALS_REFRESH_MS = 15_000;

export const approvalsKeys = {
  all: ['approvals'] as const,
  list: (workspace: string | null) => ['approvals', 'list', workspace ?? 'every'] as const,
};

/** `workspace` null: every workspace's. */
export function useApprovals(client: ApprovalsClient, workspace: string | null = null, refreshMs = APPROVALS_REFRESH_MS) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: approvalsKeys.list(workspace),
    queryFn: () => client.list(workspace ?? undefined),
    staleTime: 0,
    refetchInterval: refreshMs,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
  }, [queryClient]);

  /** Drops a decided (or no longer decidable) item at once, before the next fetch confirms it. */
  const drop = (item: Pick<ApprovalItem, 'runId' | 'nodeId'>) => {
    queryClient.setQueryData<ApprovalItem[]>(approvalsKeys.list(workspace), (items) => items?.filter((other) => other.runId !== item.runId || other.nodeId !== item.nodeId));
    void queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
  };

  return { ...query, drop };
}
