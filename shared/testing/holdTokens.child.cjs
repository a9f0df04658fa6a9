// A service instance holding a token block, as a process a test can SIGKILL
// (shared/src/ledger/reservations.test.ts). Loads the ledger's TypeScript sources through SWC,
// as Jest does, so the test needs no build. Spends one token per 20 ms for
// the owner in argv and prints a line once it has spent the count asked for;
// it keeps spending (its block is never idle) until it is killed.
const Module = require('node:module');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveTs(request, parent, ...rest) {
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (error) {
    // Sources import siblings as './x.js' (NodeNext): the file is './x.ts'.
    if (request.startsWith('.') && request.endsWith('.js')) return resolve.call(this, `${request.slice(0, -3)}.ts`, parent, ...rest);
    throw error;
  }
};
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } });
  module._compile(code, filename);
};

const { initializeApp } = require('firebase-admin/app');
const { getFirestore } = require('firebase-admin/firestore');
const { TokenBlocks } = require('../src/ledger/tokenBlocks.ts');

const [projectId, uid, readyAfter] = process.argv.slice(2);
const db = getFirestore(initializeApp({ projectId }, 'doomed-instance'));
const blocks = new TokenBlocks(db, { instanceId: 'doomed-instance' });
let spent = 0;
(async () => {
  for (;;) {
    await blocks.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: `doomed:${spent}` });
    spent++;
    if (spent === Number(readyAfter)) process.stdout.write(`ready ${JSON.stringify({ spent, held: blocks.heldFor(uid) })}\n`);
    await new Promise((done) => setTimeout(done, 20));
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
