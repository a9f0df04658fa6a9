// Standalone development mount: the same providers as in the shell.
import { mountApp } from '@agentflow/shared';
import '@agentflow/shared/styles/base.css';
import WorkflowsApp from './exposes/WorkflowsApp';

void mountApp({ host: 'mf_workflows (standalone)', remote: WorkflowsApp });
