// The one decoder of stored workflow documents.
import { workflowFromDocument } from './documents';

const timestamp = (iso: string) => ({ toDate: () => new Date(iso) });

describe('workflowFromDocument', () => {
  it('reads a stored document, its times through either SDK’s Timestamp', () => {
    const data = {
      ownerId: 'u1', organizationId: 'org', name: 'N', description: 'D', category: 'ai', industry: 'sales', tags: ['x'], visibility: 'organization',
      version: 3, nodes: [{ id: 'a' }], edges: [{ id: 'e' }], createdAt: timestamp('2024-01-01T00:00:00Z'), updatedAt: '2024-02-01T00:00:00.000Z',
    };
    expect(workflowFromDocument('wf', data)).toEqual({ ...data, id: 'wf', createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-02-01T00:00:00.000Z' });
  });

  it('gives absent fields their defaults; a missing version is 1 (a stored document has been saved)', () => {
    expect(workflowFromDocument('d', { name: 'N', updatedAt: '2024-01-01T00:00:00.000Z' })).toEqual({
      id: 'd', ownerId: '', organizationId: null, name: 'N', description: '', category: 'automation', industry: 'general', tags: [],
      visibility: 'private', version: 1, nodes: [], edges: [], createdAt: null, updatedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(workflowFromDocument('d', { organizationId: null, version: null }).organizationId).toBeNull();
    expect(workflowFromDocument('d', { version: null }).version).toBe(1);
  });

  it('keeps a wrong stored value for validation to name, and an unreadable time is null', () => {
    const decoded = workflowFromDocument('d', { name: 5, version: 'two', tags: 'x', createdAt: timestamp('not a date'), extra: true });
    expect(decoded).toMatchObject({ name: 5, version: 'two', tags: 'x', createdAt: null, extra: true });
  });

  it('takes the id from the path, never from the data', () => {
    expect(workflowFromDocument('real', { id: 'forged' }).id).toBe('real');
  });
});

describe('workflowFromDocument: trash and pinned sample data', () => {
  it('reads deletedAt as ISO when set, keeps null (restored) and leaves it absent otherwise', () => {
    expect(workflowFromDocument('d', { deletedAt: timestamp('2024-03-01T00:00:00Z') }).deletedAt).toBe('2024-03-01T00:00:00.000Z');
    expect(workflowFromDocument('d', { deletedAt: null }).deletedAt).toBeNull();
    expect(workflowFromDocument('d', {})).not.toHaveProperty('deletedAt');
  });

  it('passes a node’s pinned output through, its time as ISO; a malformed pin is kept for validation to name', () => {
    const pinned = { id: 'a', pinned: { output: { score: 3 }, pinnedAt: timestamp('2024-03-01T00:00:00Z') } };
    expect(workflowFromDocument('d', { nodes: [pinned, { id: 'b' }] }).nodes).toEqual([
      { id: 'a', pinned: { output: { score: 3 }, pinnedAt: '2024-03-01T00:00:00.000Z' } },
      { id: 'b' },
    ]);
    const broken = { id: 'c', pinned: { output: 1, pinnedAt: 42 } };
    expect(workflowFromDocument('d', { nodes: [broken] }).nodes).toEqual([broken]);
  });
});
