// One webpack + Module Federation 2 configuration factory for the shell and
// every remote, so the singleton list and build settings cannot drift apart.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { PROVIDED_BY_SHARED, REMOTE_ENTRY_FILE, REMOTES, SINGLETONS, STANDALONE_RUNTIME_FILE, resolveRemotesMap } from '@agentflow/shared/contract';
import { buildAppConfig } from '@agentflow/shared/runtime-config';
import { COMPRESSIBLE_ASSET } from '@agentflow/shared/static-server';

const SHARED_PACKAGE_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PLUGIN_NAME = 'AgentflowFederationBoundaryPlugin';
const SINGLETON_ALIAS = '@agentflow/shared/web';

/**
 * Fails the build when app code imports a package that must come through
 * '@agentflow/shared' (contract.ts, PROVIDED_BY_SHARED), or the singleton by
 * its other name: such an import would bundle a second router, i18n or
 * provider instance whose context the shell never fills.
 */
class FederationBoundaryPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation, { normalModuleFactory }) => {
      normalModuleFactory.hooks.beforeResolve.tap(PLUGIN_NAME, (data) => {
        const issuer = data.contextInfo?.issuer ?? '';
        if (!issuer || issuer.includes(`${path.sep}node_modules${path.sep}`) || issuer.startsWith(SHARED_PACKAGE_DIR + path.sep)) return;
        // '@agentflow/shared/web' is the singleton under another name: federation
        // matches requests by name, so it would bundle a second copy whose
        // contexts the shell's providers never fill.
        if (data.request === SINGLETON_ALIAS) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${path.relative(process.cwd(), issuer)} imports '${SINGLETON_ALIAS}'. Import '@agentflow/shared' instead: only that name is the federated singleton.`,
            ),
          );
          return;
        }
        const packageName = PROVIDED_BY_SHARED.find((name) => data.request === name || data.request.startsWith(`${name}/`));
        if (packageName) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `${path.relative(process.cwd(), issuer)} imports '${data.request}' directly. ` +
                `Import it from '@agentflow/shared' instead: '${packageName}' lives inside the shared singleton (see PROVIDED_BY_SHARED).`,
            ),
          );
        }
      });
    });
  }
}

/**
 * Brotli (best quality) and gzip copies of every text asset, written beside it
 * at build time: the static server (staticServer.ts) sends the copy a browser
 * accepts, so serving costs no CPU per request and gets the best ratio.
 * Files under 1 kB gain too little to be worth a copy.
 */
function precompressPlugins() {
  const common = { test: COMPRESSIBLE_ASSET, threshold: 1024, minRatio: 0.9, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({ ...common, filename: '[path][base].br', algorithm: 'brotliCompress', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

/**
 * JavaScript is minified by SWC (the compiler Jest already uses) instead of
 * webpack's default Terser: on this repo it is 2.6x faster (mf-workflows
 * 74 s -> 28 s alone, all apps 181 s -> 69 s) and the bundles come out
 * slightly smaller (first view of / 172.9 -> 171.5 kB gzip, builder
 * 554.7 -> 550.6 kB), measured by bench/bundle.mjs. Same settings as webpack's
 * default (two compress passes, mangled names).
 */
function javascriptMinimizer() {
  return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } });
}

/** Version of the package that owns an import request ('firebase/app' -> firebase). */
function packageVersion(require, request) {
  const parts = request.split('/');
  const name = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return require(`${name}/package.json`).version;
}

/**
 * @param {object} options
 * @param {string} options.appDir absolute folder of the app (holds package.json, src/, public/)
 * @param {string} options.name container name
 * @param {number} options.port dev-server port
 * @param {Record<string,string>} [options.exposes] exposed modules (remotes only)
 * @param {boolean} [options.isHost]
 * @param {string} options.title HTML title for the standalone page
 * @param {string} [options.head] extra <head> markup for the page (the shell's web app manifest and icons)
 * @param {'development'|'production'} options.mode
 * @param {Record<string, unknown>} [options.devServer] extra dev-server settings
 * @param {object[]} [options.plugins] extra webpack plugins (the shell's PWA files)
 */
export function createFederatedConfig({ appDir, name, port, exposes = {}, isHost = false, title, head = '', mode, devServer = {}, plugins = [] }) {
  const production = mode === 'production';
  // The shell's production CSS ships as stylesheet files: they download in
  // parallel with the scripts and cost no JavaScript. Remotes keep injecting
  // their own styles when their chunks load, so they stay one self-contained deploy.
  const extractCss = production && isHost;
  const require = createRequire(path.join(appDir, 'package.json'));

  /** @type {Record<string, object>} */
  const shared = {};
  for (const request of SINGLETONS) {
    // Subpath entries such as firebase/app have no package.json of their own;
    // announce the owning package's version so the runtime can compare.
    shared[request] = { singleton: true, requiredVersion: false, version: packageVersion(require, request) };
  }

  // react-router's package exports pick its development build unless told
  // otherwise; pin the production build for production bundles.
  /** @type {Record<string,string>} */
  const alias = {
    // Firestore pipelines' client-side regex engine: not used here (see the stub).
    re2js$: path.join(SHARED_PACKAGE_DIR, 'federation', 're2jsStub.mjs'),
  };
  if (production) {
    const routerDir = path.dirname(require.resolve('react-router/package.json'));
    alias['react-router$'] = path.join(routerDir, 'dist/production/index.mjs');
  }

  return {
    mode,
    optimization: { minimizer: [javascriptMinimizer()] },
    entry: './src/index.ts',
    context: appDir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell lives at the site root; a remote's chunks resolve against
      // wherever its manifest was loaded from, so each deploys on its own URL.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias,
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader'),
            // Type checking runs once for the whole repo (npm run typecheck).
            options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.json') },
          },
        },
        {
          test: /\.css$/,
          use: [
            extractCss ? MiniCssExtractPlugin.loader : require.resolve('style-loader'),
            // No CSS source maps in production: with style-loader they ship inside the JS, each stylesheet twice (the rules and the map's copy of them).
            { loader: require.resolve('css-loader'), options: { sourceMap: !production } },
          ],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: REMOTE_ENTRY_FILE,
        exposes: isHost ? undefined : exposes,
        // Remotes are registered at run time from /remotes.json.
        remotes: {},
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        // Every build runs in a browser: the runtime leaves out its Node script loaders.
        // A remote never loads other remotes itself (the shell does), so its runtime leaves
        // that code out; no container reads manifests at run time (the shell registers each
        // remote by its remoteEntry.js, remoteLoader.ts), so the snapshot and preload code goes too.
        ...(isHost ? { runtimePlugins: [path.join(SHARED_PACKAGE_DIR, 'federation/runtime/shellRuntimePlugin.mjs')] } : {}),
        experiments: { ...(isHost ? {} : { externalRuntime: true }), optimization: { target: 'web', disableSnapshot: true, ...(isHost ? {} : { disableRemote: true }) } },
      }),
      new FederationBoundaryPlugin(),
      ...(extractCss ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
      new HtmlWebpackPlugin({
        // One page template for every app (index.html beside this file); only the title and the extra head differ.
        template: path.join(SHARED_PACKAGE_DIR, 'federation/index.html'),
        title,
        head,
        // Remote chunks must not be injected into a standalone page twice.
        chunks: ['main'],
        favicon: path.join(appDir, 'public/favicon.svg'),
      }),
      ...plugins,
      ...(production ? precompressPlugins() : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: { directory: path.join(appDir, 'public') },
      client: { overlay: { errors: true, warnings: false } },
      // The same run-time files the production server answers (serve.mjs).
      setupMiddlewares(middlewares, server) {
        server.app.get('/app-config.json', (_req, res) => res.json(buildAppConfig(process.env)));
        if (isHost) server.app.get('/remotes.json', (_req, res) => res.json(resolveRemotesMap(process.env)));
        return middlewares;
      },
      ...devServer,
    },
  };
}

/**
 * A remote's webpack config (webpack's `(env, argv) => config`) from its entry
 * in the federation contract (name, port, exposes), so each remote's
 * webpack.config.js says only which remote it builds and its standalone title.
 * @param {string} configUrl the calling webpack.config.js's import.meta.url (the app folder is beside it)
 * @param {string} remoteName the remote's container name in REMOTES ('mf_billing')
 * @param {string} title HTML title for the standalone page
 */
export function createRemoteConfig(configUrl, remoteName, title) {
  const remote = REMOTES.find((candidate) => candidate.name === remoteName);
  if (!remote) throw new Error(`No remote named '${remoteName}' in the federation contract (REMOTES)`);
  const appDir = path.dirname(fileURLToPath(configUrl));
  return (_env, argv) => {
    const mode = argv.mode === 'production' ? 'production' : 'development';
    const runtime = standaloneRuntimeConfig({ appDir, name: remote.name, mode });
    // The standalone page loads the federation runtime first (the shell provides it otherwise).
    const head = `<script src="${STANDALONE_RUNTIME_FILE}"></script>`;
    const container = createFederatedConfig({ appDir, name: remote.name, port: remote.port, exposes: remote.exposes, title, head, mode });
    // The runtime is built first, and the container's clean step keeps it.
    container.name = remote.name;
    container.dependencies = [runtime.name];
    container.output.clean = { keep: STANDALONE_RUNTIME_KEEP };
    return [container, runtime];
  };
}

/** The container's clean step keeps the standalone runtime (and its map), which the other compilation wrote. */
const STANDALONE_RUNTIME_KEEP = (asset) => asset === STANDALONE_RUNTIME_FILE || asset === `${STANDALONE_RUNTIME_FILE}.map`;

/**
 * A remote reads the federation runtime from the page (externalRuntime): in
 * the shell the shell provides it; on the remote's standalone page this small
 * bundle does, built on its own so the remote's externalRuntime setting does
 * not apply to it.
 */
function standaloneRuntimeConfig({ appDir, name, mode }) {
  const production = mode === 'production';
  return {
    name: `${name}-standalone-runtime`,
    mode,
    context: appDir,
    entry: path.join(SHARED_PACKAGE_DIR, 'federation/runtime/standaloneRuntime.mjs'),
    devtool: production ? 'source-map' : false,
    output: { path: path.join(appDir, 'dist'), filename: STANDALONE_RUNTIME_FILE, clean: false },
    optimization: { minimizer: [javascriptMinimizer()] },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
