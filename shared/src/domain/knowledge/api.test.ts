import { addSourceSchema, createKnowledgeBaseSchema, embedsWith, KNOWLEDGE_API, searchKnowledgeSchema, updateKnowledgeBaseSchema } from './api';

const issuePath = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) => (result.success ? null : result.error!.issues[0]!.path.join('.'));

describe('request schemas name the field at fault', () => {
  test('creating a knowledge base', () => {
    expect(createKnowledgeBaseSchema.parse({ workspaceId: 'personal', name: ' Manuals ' })).toEqual({ workspaceId: 'personal', name: 'Manuals', description: '', embedding: null });
    expect(issuePath(createKnowledgeBaseSchema.safeParse({ workspaceId: 'personal', name: '' }))).toBe('name');
    expect(issuePath(createKnowledgeBaseSchema.safeParse({ workspaceId: 'personal', name: 'x', chunking: { size: 1000, overlap: 600 } }))).toBe('chunking.overlap');
    expect(issuePath(createKnowledgeBaseSchema.safeParse({ workspaceId: 'personal', name: 'x', chunking: { size: 100, overlap: 0 } }))).toBe('chunking.size');
    expect(issuePath(createKnowledgeBaseSchema.safeParse({ workspaceId: 'personal', name: 'x', embedding: { credentialId: 'a/b', model: 'm' } }))).toBe('embedding.credentialId');
    expect(issuePath(createKnowledgeBaseSchema.safeParse({ workspaceId: 'personal', name: 'x', extra: 1 }))).toBe('');
  });

  test('changing one: at least one field, retrieval within bounds', () => {
    expect(issuePath(updateKnowledgeBaseSchema.safeParse({}))).toBe('');
    expect(issuePath(updateKnowledgeBaseSchema.safeParse({ retrieval: { topK: 21, minSimilarity: 0.3 } }))).toBe('retrieval.topK');
    expect(updateKnowledgeBaseSchema.parse({ name: 'Price list' })).toEqual({ name: 'Price list' });
  });

  test('adding a source: a file, a web page or pasted text', () => {
    expect(addSourceSchema.parse({ kind: 'url', url: 'https://example.com/terms' })).toEqual({ kind: 'url', url: 'https://example.com/terms' });
    expect(issuePath(addSourceSchema.safeParse({ kind: 'url', url: 'ftp://example.com/x' }))).toBe('url');
    expect(issuePath(addSourceSchema.safeParse({ kind: 'text', name: 'Notes', text: '  ' }))).toBe('text');
    expect(issuePath(addSourceSchema.safeParse({ kind: 'file' }))).toBe('fileId');
    expect(issuePath(addSourceSchema.safeParse({ kind: 'video' }))).toBe('kind');
  });

  test('searching', () => {
    expect(searchKnowledgeSchema.parse({ query: ' deposit? ' })).toEqual({ query: 'deposit?' });
    expect(issuePath(searchKnowledgeSchema.safeParse({ query: 'x', topK: 0 }))).toBe('topK');
    expect(issuePath(searchKnowledgeSchema.safeParse({ query: 'x'.repeat(1001) }))).toBe('query');
  });
});

test('paths encode their ids', () => {
  expect(KNOWLEDGE_API.source('kb 1', 's/2')).toBe('/api/knowledge-bases/kb%201/sources/s%2F2');
});

describe('embedding choices', () => {
  test('only the AI credential types whose provider embeds are embedding choices', () => {
    expect(['openai', 'google', 'mistral', 'ollama', 'openaiCompatible'].every(embedsWith)).toBe(true);
    expect(embedsWith('anthropic')).toBe(false);
    expect(embedsWith('groq')).toBe(false);
    expect(embedsWith('toString')).toBe(false);
  });
});
