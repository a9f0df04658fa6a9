// /workflows/api-reference: a lazily loaded chunk (WorkflowsApp). Public
// documentation: no sign-in needed to read it (a key is made on the API keys page).
import { useRemoteCatalogs } from '@agentflow/shared';
import { API_REFERENCE_CATALOGS } from './i18n';
import { ApiReferencePage } from './ApiReferencePage';
import '@agentflow/shared/styles/kit.css';
import './apiReference.css';

export function ApiReferenceRoute() {
  useRemoteCatalogs(API_REFERENCE_CATALOGS);
  return <ApiReferencePage />;
}
