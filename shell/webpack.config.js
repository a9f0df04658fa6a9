import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL_PORT } from '@agentflow/shared/contract';
import { createFederatedConfig } from '@agentflow/shared/federation/webpack.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) =>
  createFederatedConfig({
    appDir,
    name: 'shell',
    port: SHELL_PORT,
    isHost: true,
    title: 'Agentflow',
    mode: argv.mode === 'production' ? 'production' : 'development',
  });
