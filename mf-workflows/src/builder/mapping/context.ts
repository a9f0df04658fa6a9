// Which workflow and node the fields being rendered belong to: the config
// panel provides it, so a field deep in a form (an app step's params, a
// tool's address) can offer the fields available at its node.
import { createContext, useContext } from 'react';
import type { Workflow } from '@agentflow/shared/workflow';

export interface MappingScope {
  workflow: Workflow;
  nodeId: string;
}

export const MappingContext = createContext<MappingScope | null>(null);
MappingContext.displayName = 'MappingScope';

export const useMappingScope = (): MappingScope | null => useContext(MappingContext);
