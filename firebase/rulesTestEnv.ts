// The rules tests' environment: the real Firestore emulator (from the env
// that `firebase emulators:exec` sets) with this folder's firestore.rules,
// under a project id of the test file's own so suites never share data.
// rulesSuite() is what every rules test file starts with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment, type TokenOptions } from '@firebase/rules-unit-testing';
import { setLogLevel, type Firestore } from 'firebase/firestore';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { splitHostPort } from '@agentflow/shared';

export function openRulesTestEnv(projectId: string): Promise<RulesTestEnvironment> {
  setLogLevel('error'); // denied writes are the point here; keep the SDK's warnings out of the log
  const [host, port] = splitHostPort(emulatorHosts().firestore);
  return initializeTestEnvironment({
    projectId,
    firestore: { host, port, rules: readFileSync(path.join(__dirname, 'firestore.rules'), 'utf8') },
  });
}

/** The test SDK's Firestore as the web SDK's type. */
export const asFirestore = (db: unknown) => db as Firestore;

/** One rules test file's environment, its browsers, and the Admin SDK's view (rules off). */
export interface RulesSuite {
  /** The environment, open from beforeAll to afterAll. */
  readonly env: RulesTestEnvironment;
  /** A signed-in browser; its token carries `claims`, by default the e-mail <uid>@example.com. */
  dbOf: (uid: string, claims?: TokenOptions) => Firestore;
  /** A signed-out browser. */
  guestDb: () => Firestore;
  /** Writes the way billing-api and platform-api do, past the rules. */
  asAdmin: (write: (db: Firestore) => Promise<void>) => Promise<void>;
}

/**
 * Opens the environment before the file's tests and closes it after; before
 * each test, clears the project's data and writes `seed` (rules off).
 */
export function rulesSuite(projectId: string, seed?: (db: Firestore) => Promise<void>): RulesSuite {
  let opened: RulesTestEnvironment | undefined;
  const env = (): RulesTestEnvironment => {
    if (!opened) throw new Error('The rules environment is open only inside the tests (beforeAll opens it)');
    return opened;
  };
  const asAdmin: RulesSuite['asAdmin'] = (write) => env().withSecurityRulesDisabled((context) => write(asFirestore(context.firestore())));
  beforeAll(async () => {
    opened = await openRulesTestEnv(projectId);
  });
  afterAll(() => opened?.cleanup());
  beforeEach(async () => {
    await env().clearFirestore();
    if (seed) await asAdmin(seed);
  });
  return {
    get env() {
      return env();
    },
    dbOf: (uid, claims = { email: `${uid}@example.com` }) => asFirestore(env().authenticatedContext(uid, claims).firestore()),
    guestDb: () => asFirestore(env().unauthenticatedContext().firestore()),
    asAdmin,
  };
}
