import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from '@agentflow/shared/contract';
import { createFederatedConfig } from '@agentflow/shared/federation/webpack.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const remote = REMOTES.find((candidate) => candidate.name === 'mf_workflows');

export default (_env, argv) =>
  createFederatedConfig({
    appDir,
    name: remote.name,
    port: remote.port,
    exposes: remote.exposes,
    title: 'Agentflow workflows (standalone)',
    mode: argv.mode === 'production' ? 'production' : 'development',
  });
