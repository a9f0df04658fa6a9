import path from 'node:path';
import { fileURLToPath } from 'node:url';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';
import { SHELL_PORT } from '@agentflow/shared/contract';
import { createFederatedConfig } from '@agentflow/shared/federation/webpack.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The installable app's head: its manifest, icon and home-screen name (the page template is shared/federation/index.html).
const PWA_HEAD = [
  '<link rel="manifest" href="/manifest.webmanifest" />',
  '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />',
  '<meta name="apple-mobile-web-app-capable" content="yes" />',
  '<meta name="mobile-web-app-capable" content="yes" />',
  '<meta name="apple-mobile-web-app-title" content="Agentflow" />',
].join('\n    ');

export default (_env, argv) => {
  const production = argv.mode === 'production';
  return createFederatedConfig({
    appDir,
    name: 'shell',
    port: SHELL_PORT,
    isHost: true,
    title: 'Agentflow',
    head: PWA_HEAD,
    mode: production ? 'production' : 'development',
    plugins: [
      // The web app manifest and its icons ship as they are.
      new CopyWebpackPlugin({ patterns: [{ from: 'public' }] }),
      // The service worker only in production builds: in development it
      // would serve stale bundles across rebuilds.
      ...(production
        ? [
            new InjectManifest({
              swSrc: path.join(appDir, 'src/sw/serviceWorker.ts'),
              swDest: 'sw.js',
              // Source maps and licences are not needed offline; the host's own
              // remoteEntry.js is never loaded by the shell page; .br/.gz copies are
              // the same files compressed (the browser decodes what it fetches).
              exclude: [/\.map$/, /LICENSE\.txt$/, /^remoteEntry\.js$/, /^mf-/, /\.(br|gz)$/],
              maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
            }),
          ]
        : []),
    ],
  });
};
