// The visitors' chat script (dist/widget.js): one self-contained file that
// runs on any website, so it is NOT a federated remote (no shared React, no
// runtime, nothing loaded after it). platform-api serves it at /widget.js and
// the hosted page /chat/:appId loads it too.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => ({
  mode: argv.mode ?? 'production',
  target: ['web', 'es2020'],
  entry: path.join(dir, 'src/index.ts'),
  output: { path: path.join(dir, 'dist'), filename: 'widget.js', clean: true, iife: true },
  devtool: false,
  // Sources import siblings as './x.js' (NodeNext style); the file is x.ts.
  resolve: {
    extensions: ['.ts', '.js'],
    extensionAlias: { '.js': ['.ts', '.js'] },
  },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        // Type checking runs once for the whole repo (npm run typecheck).
        use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
      },
    ],
  },
  performance: { hints: false },
});
