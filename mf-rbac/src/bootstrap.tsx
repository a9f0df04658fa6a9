// Standalone development mount: the same providers as in the shell.
import { mountApp } from '@agentflow/shared';
import '@agentflow/shared/styles/base.css';
import AccessApp from './exposes/AccessApp';

void mountApp({ host: 'mf_rbac (standalone)', remote: AccessApp });
