// Every vector length a knowledge base may embed with has its vector index on
// the chunks declared in firebase/firestore.indexes.json (the emulator answers
// findNearest without one; hosted Firestore refuses it), and nothing else is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNK_EMBEDDING_FIELD, KNOWLEDGE_CHUNKS, VECTOR_INDEX_DIMENSIONS } from '@agentflow/shared/knowledge';

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; vectorConfig?: { dimension: number; flat?: object } }[];
}

const declared = (JSON.parse(readFileSync(path.resolve(__dirname, '../../../firebase/firestore.indexes.json'), 'utf8')) as { indexes: DeclaredIndex[] }).indexes;
const vectorIndexes = declared.filter((index) => index.fields.some((field) => field.vectorConfig));

test('one flat vector index on the chunks per allowed dimension, scoped to one knowledge base', () => {
  expect(vectorIndexes.map((index) => index.fields[0]!.vectorConfig!.dimension).sort((a, b) => a - b)).toEqual([...VECTOR_INDEX_DIMENSIONS]);
  for (const index of vectorIndexes) {
    expect(index).toEqual({ collectionGroup: KNOWLEDGE_CHUNKS, queryScope: 'COLLECTION', fields: [{ fieldPath: CHUNK_EMBEDDING_FIELD, vectorConfig: { dimension: index.fields[0]!.vectorConfig!.dimension, flat: {} } }] });
  }
});
