// Lint fixture, direction (a), host side: the shell importing a remote's
// source instead of loading it at run time. Linted as shell/src/App.fixture.tsx.
import { BillingApp } from '../../mf-billing/src/exposes/BillingApp'; // expect: agentflow/no-cross-remote
import type { RunView } from '@agentflow/mf-workflows/src/runs/RunView'; // expect: agentflow/no-cross-remote

export const apps: unknown[] = [BillingApp];
export type Views = RunView;
