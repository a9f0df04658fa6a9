// Lint fixture, direction (b), inside shared: the web part reaching into the
// server and ledger parts by relative path. Linted as shared/src/web/auth/fixture.ts.
import { HttpError } from '../../server/errors'; // expect: agentflow/browser-imports
export { debitTokens } from '../../ledger'; // expect: agentflow/browser-imports
import { createHash } from 'crypto'; // expect: agentflow/browser-imports

export const used = [HttpError, createHash];
