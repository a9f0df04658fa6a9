// Screenshots of the chat apps pages (issue 23) at 1280×800 and 390×844, on
// an in-memory client (mf-workflows/src/testing/chatAppsScreenshotHarness.tsx):
// no stack, no standard port. Bundles the harness with webpack, serves it on
// PORT (default 18791) and drives Debian's Chromium.
//   node e2e/screenshots/chatApps.mjs [outDir]   (default /tmp/chat-apps-shots)
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = path.join(root, 'mf-workflows');
const require = createRequire(path.join(appDir, 'package.json'));
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('playwright-core');

const outDir = path.resolve(process.argv[2] ?? '/tmp/chat-apps-shots');
const distDir = path.join(outDir, 'dist');
const port = Number(process.env.PORT ?? 18791);
mkdirSync(outDir, { recursive: true });

await new Promise((resolve, reject) =>
  webpack({
    mode: 'development',
    devtool: false,
    context: appDir,
    entry: './src/testing/chatAppsScreenshotHarness.tsx',
    output: { path: distDir, filename: 'harness.js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: { re2js$: path.join(root, 'shared/federation/re2jsStub.mjs'), '@agentflow/shared/testing': path.join(root, 'shared/testing') } },
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: require.resolve('ts-loader'), options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.json') } } },
        { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
      ],
    },
    plugins: [new HtmlWebpackPlugin({ templateContent: '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><div id="root"></div></body></html>' })],
    stats: 'errors-warnings',
  }).run((error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve())),
);

const server = createServer((req, res) => {
  const file = path.join(distDir, new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html'));
  const found = existsSync(file) ? file : path.join(distDir, 'index.html');
  res.setHeader('Content-Type', found.endsWith('.js') ? 'text/javascript' : 'text/html');
  res.end(readFileSync(found));
}).listen(port, '127.0.0.1');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const shots = [];
try {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    const go = async (query, ready) => {
      await page.goto(`http://127.0.0.1:${port}/?${query}`);
      await page.getByTestId(ready).first().waitFor();
    };
    const shot = async (name) => {
      const file = path.join(outDir, `${device}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      shots.push(file);
    };
    await go('', 'chat-apps-page');
    await page.getByText('Harbour Homes assistant').waitFor();
    await shot('list');
    await page.getByLabel('Workflow').selectOption('wf-manuals');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').or(page.locator('.field-error')).first().waitFor();
    await shot('publish-refused');
    await go('route=/workflows/chat-apps/app-listings', 'chat-app-settings');
    await page.getByRole('button', { name: /Open the conversation/ }).first().waitFor();
    await shot('app');
    await page.getByLabel('Allowed websites').fill('www.example.com/listings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter an address such as https://www.example.com, without a path.').waitFor();
    await shot('settings-errors');
    await go('route=/workflows/chat-apps/app-listings', 'chat-app-settings');
    await page.getByRole('button', { name: /Open the conversation/ }).first().click();
    await page.getByTestId('chat-turn').first().waitFor();
    await shot('conversation');
    await go('route=/workflows/chat-apps/app-manuals&lang=de', 'chat-app-settings');
    await shot('app-paused-de');
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(shots.join('\n'));
