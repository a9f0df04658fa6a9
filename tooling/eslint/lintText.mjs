#!/usr/bin/env node
// Lints text under a pretend file name with the repository's own
// eslint.config.mjs, through ESLint's Node API. Reads a JSON array of
// {code, filePath} (filePath relative to the repository root) on stdin and
// prints one JSON array of {filePath, messages: [{ruleId, line, message, fatal}]}.
//
// A separate process because ESLint loads the flat config with a native
// import(), which Jest's CommonJS module sandbox cannot run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { ROOT } from './boundaries.mjs';

const cases = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.mjs') });
const results = [];
for (const { code, filePath } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath), warnIgnored: true });
  results.push({
    filePath,
    messages: (result?.messages ?? []).map(({ ruleId, line, message, fatal }) => ({ ruleId, line, message, fatal: fatal === true })),
  });
}
process.stdout.write(JSON.stringify(results));
