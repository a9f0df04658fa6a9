import { mountApp } from '@agentflow/shared';
import { App } from './App';
import { configureRemotes, fetchRemotesMap } from './remotes/remoteLoader';
import '@agentflow/shared/styles/base.css';
import './styles.css';

void mountApp({
  host: 'shell',
  prepare: async () => configureRemotes(await fetchRemotesMap()),
  render: () => <App />,
});
