// The scaffold of the screenshot scripts (knowledge.mjs, chatApps.mjs): bundles
// a test harness page of mf-workflows (in-memory fakes, no stack) with webpack,
// serves it on loopback and opens Debian's Chromium at 1280×800 and 390×844,
// in one language (the page's ?lang=; the scripts find controls through
// `text(key)`, the page's own translation, so they run in any language).
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = path.join(root, 'mf-workflows');
const require = createRequire(path.join(appDir, 'package.json'));

/** The command line of a screenshot script: `[outDir] [language]` (language: en, es, fr, de or it; default en). */
export function screenshotArgs(defaultOutDir) {
  const lang = process.argv[3] ?? 'en';
  if (!['en', 'es', 'fr', 'de', 'it'].includes(lang)) throw new Error(`Unknown language '${lang}': en, es, fr, de or it`);
  return { outDir: path.resolve(process.argv[2] ?? defaultOutDir), lang };
}

/**
 * Bundles `entry` (relative to mf-workflows), serves it on `port` and calls
 * `shoot({ page, device, go, shot, text })` once per viewport; returns the PNG paths.
 * `go(query, testId)` opens the harness with that query (and `lang` unless the query names its own) and waits for the test id.
 * `text(key, options)` is a catalog key's text in the page's language (the harness's HarnessText);
 * `textBefore(key, variable)` its text up to where `{{variable}}` stands, for a name's start.
 */
export async function screenshotHarness({ entry, outDir, port, lang = 'en', shoot }) {
  const webpack = require('webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('playwright-core');
  const distDir = path.join(outDir, 'dist');
  mkdirSync(outDir, { recursive: true });
  await new Promise((resolve, reject) =>
    webpack({
      mode: 'development',
      devtool: false,
      context: appDir,
      entry,
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
        const params = new URLSearchParams(query);
        if (!params.has('lang')) params.set('lang', lang); // a query's own lang= wins: go('lang=de', …) shoots German
        await page.goto(`http://127.0.0.1:${port}/?${params}`);
        await page.getByTestId(ready).first().waitFor();
      };
      const text = (key, options = {}) => page.evaluate(([k, o]) => globalThis.harnessText(k, o), [key, options]);
      const textBefore = async (key, variable) => (await text(key, { [variable]: '\u0000' })).split('\u0000')[0];
      const shot = async (name) => {
        const file = path.join(outDir, `${device}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        shots.push(file);
      };
      await shoot({ page, device, go, shot, text, textBefore });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return shots;
}
