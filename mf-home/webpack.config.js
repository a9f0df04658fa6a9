// This remote's build: name, port and exposed modules come from its entry in the federation contract.
import { createRemoteConfig } from '@agentflow/shared/federation/webpack.mjs';

export default createRemoteConfig(import.meta.url, 'mf_home', 'Agentflow home (standalone)');
