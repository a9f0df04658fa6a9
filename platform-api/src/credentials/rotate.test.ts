// Rotation on the emulator: credentials sealed under an old key are
// re-encrypted under the new one and still open; the old key alone no longer
// opens them; a second run has nothing left to do; a document no key opens is
// reported, not lost.
import { deleteApp } from 'firebase-admin/app';
import { pino } from 'pino';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, firestoreFor } from '@agentflow/shared/testing/serviceHarness';
import { CredentialDecryptError, open, seal, sealContext } from './envelope';
import { createKeyRing, generateMasterKey, parseMasterKey } from './keyRing';
import { rotateCredentials } from './rotate';

const PROJECT = 'demo-agentflow-credentials-rotate';
const logger = pino({ level: 'silent' });

test('re-encrypts under the current key; idempotent; unopenable documents are reported and left as they are', async () => {
  emulatorHosts();
  await clearFirestore(PROJECT);
  const { app, db } = firestoreFor(PROJECT);
  try {
    const oldKey = parseMasterKey(generateMasterKey(), 'old');
    const newKey = parseMasterKey(generateMasterKey(), 'new');
    const lostKey = parseMasterKey(generateMasterKey(), 'lost');
    const docOf = (id: string, owner: string, key = oldKey) => ({
      type: 'openai',
      name: id,
      ownerKind: 'user',
      ownerId: owner,
      settings: {},
      secretHints: {},
      sealed: seal({ apiKey: `secret-of-${id}` }, key, sealContext(id, `user:${owner}`)),
    });
    await db.collection('credentials').doc('a').set(docOf('a', 'alice'));
    await db.collection('credentials').doc('b').set(docOf('b', 'bob'));
    await db.collection('credentials').doc('c').set(docOf('c', 'carol', newKey));
    await db.collection('credentials').doc('lost').set(docOf('lost', 'dave', lostKey));
    const lostBefore = (await db.collection('credentials').doc('lost').get()).data();

    const ring = createKeyRing(newKey, [oldKey]);
    expect(await rotateCredentials(db, ring, logger)).toEqual({ resealed: 2, alreadyCurrent: 1, failed: ['lost'] });
    for (const [id, owner] of [['a', 'alice'], ['b', 'bob']] as const) {
      const sealed = (await db.collection('credentials').doc(id).get()).data()!.sealed;
      expect(sealed.keyId).toBe(newKey.id);
      expect(open(sealed, createKeyRing(newKey), sealContext(id, `user:${owner}`))).toEqual({ apiKey: `secret-of-${id}` });
      expect(() => open(sealed, createKeyRing(oldKey), sealContext(id, `user:${owner}`))).toThrow(CredentialDecryptError);
    }
    expect((await db.collection('credentials').doc('lost').get()).data()).toEqual(lostBefore);
    expect(await rotateCredentials(db, ring, logger)).toEqual({ resealed: 0, alreadyCurrent: 3, failed: ['lost'] });
  } finally {
    await deleteApp(app);
  }
});
