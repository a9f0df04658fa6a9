#!/usr/bin/env node
// A stand-in for Google's Cloud Storage rules runtime (cloud-storage-rules-runtime
// jar), which the firebase-tools Storage emulator starts as a child process and
// which cannot be downloaded here. It speaks the same protocol over stdin/stdout
// but evaluates exactly one ruleset: the deny-all firebase/storage.rules, the only
// ruleset Agentflow deploys. Any other ruleset is refused with a clear error, so
// nobody can believe a permissive rule was tested by it.
//
// Protocol (firebase-tools lib/emulator/storage/rules/runtime.js, 14.x): one JSON
// object per line each way.
//   runtime → emulator, once at start: {"id":-1,"status":"ok",...} (the emulator
//     waits for id -1 before loading rules).
//   emulator → runtime: {"id":n,"action":"load_ruleset","context":{"rulesetName":"0",
//     "source":{"files":[{"name":path,"content":text}]}}}
//     answer: {"id":n,"status":"ok","result":{"rulesVersion":2},"warnings":[],"errors":[]}
//     or, refused: {"id":n,"status":"ok","warnings":[],"errors":["…"]} (a non-"ok"
//     status without "action" is dropped by the emulator and the request would hang).
//   emulator → runtime: {"id":n,"action":"verify","context":{"rulesetName","service":
//     "firebase.storage","path":"/b/<bucket>/o/<object>","method":"get|list|create|
//     update|delete","delimiter","variables":{"request","resource"}}}
//     answer: {"id":n,"status":"ok","result":{"permit":false},"warnings":[],"errors":[]}
//   The real runtime may instead answer a verify with {"server_request_id":m,"action":
//     "fetch_firestore_document",...} to read Firestore for firestore.get() in rules;
//     a deny-all ruleset never does, so this one never asks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The one ruleset this runtime evaluates. */
export const DENY_ALL_RULES_PATH = path.join(here, '..', 'storage.rules');
/** The deny-all ruleset, as tokens; comments, blank lines and indentation may differ. */
const DENY_ALL = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{allPaths=**} {
      allow read, write: if false;
    }
  }
}`;

/** Splits rules source into tokens, dropping whitespace and comments; strings keep their content, not their quotes. */
export function rulesTokens(source) {
  const tokens = [];
  const pattern = /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|'([^']*)'|"([^"]*)"|([A-Za-z_][A-Za-z0-9_]*|\d+|\*\*|.)/g;
  for (const match of source.matchAll(pattern)) {
    if (match[1] !== undefined || match[2] !== undefined) tokens.push(`'${match[1] ?? match[2]}'`);
    else if (match[3] !== undefined) tokens.push(match[3]);
  }
  return tokens;
}

const DENY_ALL_TOKENS = rulesTokens(DENY_ALL).join(' ');

/** True when the source is the deny-all ruleset (up to whitespace, comments and quote style). */
export function isDenyAllRuleset(source) {
  return typeof source === 'string' && rulesTokens(source).join(' ') === DENY_ALL_TOKENS;
}

export function refusalMessage(fileName) {
  return (
    `Agentflow's offline Storage rules runtime (firebase/storage-emulator/rulesRuntime.mjs) evaluates only the deny-all ruleset ` +
    `(allow read, write: if false on /b/{bucket}/o/{allPaths=**}); ${fileName ?? 'the ruleset'} is not that ruleset, so it was not loaded ` +
    `and every client request stays denied. Agentflow's clients never touch the bucket directly (platform-api does, with the Admin SDK); ` +
    `to test any other rules you need Google's real rules runtime.`
  );
}

/** The emulator's state: the names of the rulesets it loaded (all of them deny-all). */
export function createRuntime() {
  const loaded = new Set();
  const ok = (id, extra = {}) => ({ id, status: 'ok', ...extra, warnings: [], errors: [] });
  const fail = (id, message) => ({ id, status: 'ok', warnings: [], errors: [message] });

  /** Answers one request object; returns the response object. */
  function handle(request) {
    const id = request?.id;
    const context = request?.context ?? {};
    switch (request?.action) {
      case 'load_ruleset': {
        const files = context.source?.files;
        if (!Array.isArray(files) || files.length !== 1) {
          return fail(id, refusalMessage(Array.isArray(files) ? files.map((file) => file?.name).join(', ') : undefined));
        }
        const [file] = files;
        if (!isDenyAllRuleset(file?.content)) return fail(id, refusalMessage(file?.name));
        loaded.add(String(context.rulesetName));
        return ok(id, { result: { rulesVersion: 2 } });
      }
      case 'verify': {
        if (!loaded.has(String(context.rulesetName))) {
          return fail(id, `No ruleset named ${JSON.stringify(context.rulesetName)} was loaded; access denied.`);
        }
        // The deny-all ruleset: no path, method or auth is ever permitted.
        return ok(id, { result: { permit: false } });
      }
      default:
        // Includes answers to fetch_firestore_document, which this runtime never asks for.
        return fail(id, `Unsupported rules runtime request ${JSON.stringify(request?.action ?? null)}; access denied.`);
    }
  }
  return { handle };
}

function serve() {
  const runtime = createRuntime();
  const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => {
    if (line.trim() === '') return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      process.stderr.write(`rules runtime: ignoring a line that is not JSON: ${line.slice(0, 200)}\n`);
      return;
    }
    write(runtime.handle(request));
  });
  // The emulator closes our stdin when it exits: so do we.
  input.on('close', () => process.exit(0));
  // If the Java launcher between us and the emulator dies without a word, we are re-parented: leave.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 1000).unref();
  write({ id: -1, status: 'ok', warnings: [], errors: [] });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const mode = process.argv[2] ?? 'serve';
  if (mode === 'serve') {
    serve();
  } else if (mode === 'check') {
    // `node rulesRuntime.mjs check [file]`: does the file hold the one ruleset this runtime accepts?
    const file = process.argv[3] ?? DENY_ALL_RULES_PATH;
    if (isDenyAllRuleset(readFileSync(file, 'utf8'))) {
      console.log(`${file}: the deny-all ruleset`);
    } else {
      console.error(refusalMessage(file));
      process.exit(1);
    }
  } else {
    console.error(`usage: rulesRuntime.mjs [serve | check [rules-file]]`);
    process.exit(2);
  }
}
