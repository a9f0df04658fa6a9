// English is bundled; every other language is fetched when it is the reader's,
// in one chunk per language for the whole remote (webpackChunkName).
import { lazyCatalogs } from '@agentflow/shared';
import { en, type McpCatalog } from './en';

export const MCP_CATALOGS = lazyCatalogs<McpCatalog>(en, {
  es: () => import(/* webpackChunkName: "i18n-es" */ './es').then((m) => m.es),
  fr: () => import(/* webpackChunkName: "i18n-fr" */ './fr').then((m) => m.fr),
  de: () => import(/* webpackChunkName: "i18n-de" */ './de').then((m) => m.de),
  it: () => import(/* webpackChunkName: "i18n-it" */ './it').then((m) => m.it),
});
