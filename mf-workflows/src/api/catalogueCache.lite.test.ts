/**
 * @jest-environment node
 */
// The real Firestore Lite SDK's failure when no server answers (a closed
// port, as offline): isNetworkFailure must recognise it, or the catalogue
// would show an error offline instead of the saved copy.
import { createServer } from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, getDocs, getFirestore, query, setLogLevel, where } from 'firebase/firestore/lite';
import { isNetworkFailure } from './catalogueCache';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// The SDK logs the failed RPC; the test looks at the error it rejects with.
beforeAll(() => setLogLevel('silent'));

test("a Lite query to an unreachable server fails in a way isNetworkFailure counts as offline", async () => {
  const app = initializeApp({ projectId: 'demo-agentflow', apiKey: 'fake-api-key' }, 'catalogue-cache-lite-test');
  try {
    const db = getFirestore(app);
    connectFirestoreEmulator(db, '127.0.0.1', await closedPort());
    const failure = await getDocs(query(collection(db, 'workflows'), where('visibility', '==', 'template'))).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'unknown', message: expect.stringMatching(/^Request failed with error/) });
    expect(isNetworkFailure(failure, true)).toBe(true);
  } finally {
    await deleteApp(app);
  }
});
