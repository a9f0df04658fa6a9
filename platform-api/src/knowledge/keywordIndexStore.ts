// A knowledge base's keyword index: MiniSearch's JSON as an object in the
// bucket (it outgrows a Firestore document: ~2 MB for a 200-page manual),
// written under a new name at each change, with the knowledge base document
// naming the current one. A change is optimistic: build on version n, write
// n+1's object, then move the document from n to n+1 in a transaction; when
// another instance moved it first, drop the object and redo the change on the
// newer index (two sources finishing at once both land). Each instance keeps
// the index it last loaded and reads the object again only when the document
// names a new one.
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type MiniSearch from 'minisearch';
import { KNOWLEDGE_BASES_COLLECTION, keywordIndexFromJson, newKeywordIndex, type KeywordDocument } from '@agentflow/shared/knowledge';
import type { FileBucket } from '../files/bucket.js';

/** The field of a knowledge base document naming its keyword index (server-only; never returned). */
export const KEYWORD_INDEX_FIELD = 'keywordIndex';

interface IndexPointer {
  version: number;
  path: string;
}

const MAX_ATTEMPTS = 8;

export class KeywordIndexConflictError extends Error {
  override name = 'KeywordIndexConflictError';
}

export class KeywordIndexStore {
  private readonly cache = new Map<string, { path: string; index: MiniSearch<KeywordDocument> }>();

  constructor(
    private readonly db: Firestore,
    private readonly bucket: FileBucket,
  ) {}

  private doc(knowledgeBaseId: string) {
    return this.db.collection(KNOWLEDGE_BASES_COLLECTION).doc(knowledgeBaseId);
  }

  private async pointer(knowledgeBaseId: string): Promise<IndexPointer | null> {
    const snapshot = await this.doc(knowledgeBaseId).get();
    const value = snapshot.get(KEYWORD_INDEX_FIELD) as IndexPointer | null | undefined;
    return value && typeof value.path === 'string' ? value : null;
  }

  private async read(pointer: IndexPointer | null, knowledgeBaseId: string): Promise<MiniSearch<KeywordDocument>> {
    if (!pointer) return newKeywordIndex();
    const cached = this.cache.get(knowledgeBaseId);
    if (cached?.path === pointer.path) return cached.index;
    const index = keywordIndexFromJson((await this.bucket.get(pointer.path)).toString('utf8'));
    this.cache.set(knowledgeBaseId, { path: pointer.path, index });
    return index;
  }

  /** The current index (empty when the knowledge base has none yet). Do not change it: use update. */
  async load(knowledgeBaseId: string): Promise<MiniSearch<KeywordDocument>> {
    return this.read(await this.pointer(knowledgeBaseId), knowledgeBaseId);
  }

  /** Applies `change` to the newest index and makes the result current. */
  async update(knowledgeBaseId: string, change: (index: MiniSearch<KeywordDocument>) => void): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.pointer(knowledgeBaseId);
      // A fresh copy: the cached index stays what its object says until the move succeeds.
      const base = await this.read(current, knowledgeBaseId);
      const index = keywordIndexFromJson(JSON.stringify(base));
      change(index);
      const json = JSON.stringify(index);
      const next: IndexPointer = { version: (current?.version ?? 0) + 1, path: `knowledge/${knowledgeBaseId}/keyword/${(current?.version ?? 0) + 1}-${randomUUID()}.json` };
      await this.bucket.put(next.path, Buffer.from(json, 'utf8'), 'application/json');
      const moved = await this.db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(this.doc(knowledgeBaseId));
        if (!snapshot.exists) return false;
        const now = (snapshot.get(KEYWORD_INDEX_FIELD) as IndexPointer | null | undefined) ?? null;
        if ((now?.version ?? 0) !== (current?.version ?? 0)) return false;
        transaction.update(snapshot.ref, { [KEYWORD_INDEX_FIELD]: next });
        return true;
      });
      if (moved) {
        this.cache.set(knowledgeBaseId, { path: next.path, index });
        if (current) await this.bucket.delete(current.path);
        return;
      }
      await this.bucket.delete(next.path);
      if (!(await this.doc(knowledgeBaseId).get()).exists) return; // removed meanwhile: nothing to index
    }
    throw new KeywordIndexConflictError(`the keyword index of ${knowledgeBaseId} changed under ${MAX_ATTEMPTS} attempts in a row`);
  }

  /** Deletes the index object (the knowledge base is being removed). */
  async remove(knowledgeBaseId: string): Promise<void> {
    const current = await this.pointer(knowledgeBaseId);
    this.cache.delete(knowledgeBaseId);
    if (current) await this.bucket.delete(current.path);
  }
}
