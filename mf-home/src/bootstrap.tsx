// Standalone development mount: the same providers as in the shell.
import { mountApp } from '@agentflow/shared';
import '@agentflow/shared/styles/base.css';
import HomePage from './exposes/HomePage';

void mountApp({ host: 'mf_home (standalone)', render: () => <main className="app-main"><HomePage /></main> });
