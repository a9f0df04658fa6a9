// The rules tests' environment: the real Firestore emulator (from the env
// that `firebase emulators:exec` sets) with this folder's firestore.rules,
// under a project id of the test file's own so suites never share data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
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
