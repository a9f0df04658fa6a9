// Key rotation: after an operator sets a new CREDENTIALS_KEY and moves the old
// one to CREDENTIALS_PREVIOUS_KEYS, this re-encrypts every credential not yet
// under the current key (a fresh data key each), one transaction per document
// so a concurrent edit is never overwritten. Run it until `remaining` is 0,
// then drop the old key from CREDENTIALS_PREVIOUS_KEYS.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { reseal, sealContext, type SealedSecrets } from './envelope.js';
import type { KeyRing } from './keyRing.js';
import { credentialsCollection, ownerKey, ownerOf, storedCredential } from './store.js';
import { messageOf } from '@agentflow/shared/domain';

export interface RotationReport {
  resealed: number;
  alreadyCurrent: number;
  /** Documents that could not be opened with any key held (listed by id in the log). */
  failed: string[];
}

export async function rotateCredentials(db: Firestore, ring: KeyRing, logger: Logger): Promise<RotationReport> {
  const report: RotationReport = { resealed: 0, alreadyCurrent: 0, failed: [] };
  const collection = credentialsCollection(db);
  for (const { id } of await collection.listDocuments()) {
    try {
      const outcome = await db.runTransaction(async (transaction) => {
        const stored = storedCredential(await transaction.get(collection.doc(id)));
        if (!stored) return 'skipped' as const;
        const sealed = stored.data.sealed as SealedSecrets;
        if (sealed.keyId === ring.current.id) return 'current' as const;
        transaction.update(collection.doc(id), { sealed: reseal(sealed, ring, sealContext(id, ownerKey(ownerOf(stored.data)))) });
        return 'resealed' as const;
      });
      if (outcome === 'resealed') report.resealed++;
      if (outcome === 'current') report.alreadyCurrent++;
    } catch (error) {
      report.failed.push(id);
      logger.error({ credentialId: id, reason: messageOf(error) }, 'credential could not be re-encrypted');
    }
  }
  logger.info({ ...report, failed: report.failed.length, keyId: ring.current.id }, 'credential key rotation finished');
  return report;
}
