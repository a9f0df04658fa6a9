// Every vector length a knowledge base may embed with has its vector index on
// the chunks declared in firebase/firestore.indexes.json (the emulator answers
// findNearest without one; hosted Firestore refuses it), and nothing else is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNK_EMBEDDING_FIELD, KNOWLEDGE_CHUNKS, KNOWLEDGE_SOURCES, VECTOR_INDEX_DIMENSIONS } from '@agentflow/shared/knowledge';

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; vectorConfig?: { dimension: number; flat?: object } }[];
}

interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: { queryScope: string; order?: string; arrayConfig?: string }[];
}

const file = JSON.parse(readFileSync(path.resolve(__dirname, '../../../firebase/firestore.indexes.json'), 'utf8')) as { indexes: DeclaredIndex[]; fieldOverrides: FieldOverride[] };
const declared = file.indexes;
const vectorIndexes = declared.filter((index) => index.fields.some((field) => field.vectorConfig));

test('one flat vector index on the chunks per allowed dimension, scoped to one knowledge base', () => {
  expect(vectorIndexes.map((index) => index.fields[0]!.vectorConfig!.dimension).sort((a, b) => a - b)).toEqual([...VECTOR_INDEX_DIMENSIONS]);
  for (const index of vectorIndexes) {
    expect(index).toEqual({ collectionGroup: KNOWLEDGE_CHUNKS, queryScope: 'COLLECTION', fields: [{ fieldPath: CHUNK_EMBEDDING_FIELD, vectorConfig: { dimension: index.fields[0]!.vectorConfig!.dimension, flat: {} } }] });
  }
});

test("recovery finds stranded sources across knowledge bases: the sources' status is indexed for collection-group queries, its collection indexes kept", () => {
  const status = file.fieldOverrides.find((override) => override.collectionGroup === KNOWLEDGE_SOURCES && override.fieldPath === 'status');
  expect(status?.indexes).toEqual(
    expect.arrayContaining([
      { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      { order: 'ASCENDING', queryScope: 'COLLECTION' },
      { order: 'DESCENDING', queryScope: 'COLLECTION' },
    ]),
  );
});
