import { mountApp } from '@agentflow/shared';
import { App } from './App';
import { configureRemotes, fetchRemotesMap } from './remotes/remoteLoader';
import { preloadRoutePage } from './remotes/routePreload';
import '@agentflow/shared/styles/base.css';
import './styles.css';

// Requested beside the configuration and the first language, not after them; a failure surfaces in prepare.
const remotesMap = fetchRemotesMap();
remotesMap.catch(() => undefined);

void mountApp({
  host: 'shell',
  prepare: async () => {
    configureRemotes(await remotesMap);
    preloadRoutePage(window.location.pathname);
  },
  render: () => <App />,
});
