// Standalone development mount: the same providers as in the shell.
import { mountApp } from '@agentflow/shared';
import '@agentflow/shared/styles/base.css';
import BillingApp from './exposes/BillingApp';

void mountApp({ host: 'mf_billing (standalone)', remote: BillingApp });
