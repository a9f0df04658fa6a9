// The pure parts of the access layer (no emulator needed).
import { decodeCursor, encodeCursor } from './routes/audit';
import { isBootstrapAdmin } from './bootstrap';
import { isDocumentId, toIso } from '@agentflow/shared/server';
import { missingAsEmpty, sentFieldsOnly } from './input';
import { assignmentDocId, computeUserAccess } from './store';

describe('computeUserAccess', () => {
  const roles = new Map([
    ['admin', { permissions: ['manage_all'] }],
    ['org_admin', { permissions: ['assign_roles', 'read_users'] }],
    ['reader', { permissions: ['read_users', 'read_packages'] }],
  ]);

  test('global permissions, per-organization permissions, role ids and organization ids', () => {
    expect(
      computeUserAccess(
        'u1',
        [
          { roleId: 'reader', organizationId: null },
          { roleId: 'org_admin', organizationId: 'org-b' },
          { roleId: 'reader', organizationId: 'org-a' },
          { roleId: 'org_admin', organizationId: 'org-a' },
        ],
        roles,
      ),
    ).toEqual({
      userId: 'u1',
      roleIds: ['org_admin', 'reader'],
      permissions: ['read_packages', 'read_users'],
      organizations: { 'org-a': ['assign_roles', 'read_packages', 'read_users'], 'org-b': ['assign_roles', 'read_users'] },
      organizationIds: ['org-a', 'org-b'],
    });
  });

  test('no assignments: an empty summary; an unknown role grants nothing', () => {
    expect(computeUserAccess('u2', [], roles)).toEqual({ userId: 'u2', roleIds: [], permissions: [], organizations: {}, organizationIds: [] });
    expect(computeUserAccess('u3', [{ roleId: 'gone', organizationId: undefined }], roles)).toEqual({ userId: 'u3', roleIds: ['gone'], permissions: [], organizations: {}, organizationIds: [] });
  });
});

describe('assignmentDocId', () => {
  test('one readable id per user, role and scope', () => {
    expect(assignmentDocId('uid1', 'admin', null)).toBe('uid1:admin');
    expect(assignmentDocId('uid1', 'admin', undefined)).toBe('uid1:admin');
    expect(assignmentDocId('uid1', 'org_admin', 'orgA')).toBe('uid1:org_admin:orgA');
  });

  test('hashed when a part could clash or is not a plain id', () => {
    const odd = assignmentDocId('a/b', 'admin', null);
    expect(odd).toMatch(/^h-[0-9a-f]{64}$/);
    expect(assignmentDocId('a/b', 'admin', null)).toBe(odd);
    expect(assignmentDocId('a:b', 'c', null)).not.toBe(assignmentDocId('a', 'b:c', null));
    expect(isDocumentId(odd)).toBe(true);
  });
});

describe('request helpers', () => {
  test('isDocumentId refuses what cannot name a document', () => {
    expect(isDocumentId('role-1')).toBe(true);
    for (const bad of ['', '.', '..', 'a/b', '__name__', 'x'.repeat(1501)]) expect(isDocumentId(bad)).toBe(false);
  });

  test('sentFieldsOnly keeps the fields the client sent (zod fills defaults for the rest)', () => {
    expect(sentFieldsOnly({ name: 'x', description: '', system: 'custom' }, { name: 'x' })).toEqual({ name: 'x' });
    expect(sentFieldsOnly({ description: '' }, { description: '' })).toEqual({ description: '' });
  });

  test("missingAsEmpty reports an absent id as an empty one", () => {
    expect(missingAsEmpty({ userId: 'u' }, ['userId', 'roleId'])).toEqual({ userId: 'u', roleId: '' });
    expect(missingAsEmpty({ roleId: null }, ['roleId'])).toEqual({ roleId: '' });
    expect(missingAsEmpty('text', ['roleId'])).toBe('text');
  });

  test('toIso', () => {
    expect(toIso({ toDate: () => new Date('2026-01-02T03:04:05.000Z') })).toBe('2026-01-02T03:04:05.000Z');
    expect(toIso(null)).toBeNull();
    expect(toIso('2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('audit cursors', () => {
  test('round-trip, and anything else is a 400', () => {
    const cursor = { seconds: 1760000000, nanoseconds: 123456000, id: 'abc' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['garbage', Buffer.from('[1,2]').toString('base64url'), Buffer.from('[1,2e9,"x"]').toString('base64url'), Buffer.from('[1,2,"a/b"]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow('cursor is not a cursor this endpoint returned');
    }
  });
});

describe('isBootstrapAdmin', () => {
  const list = new Set(['boss@example.com']);
  test('listed and verified, case-insensitively', () => {
    expect(isBootstrapAdmin(list, { email: 'Boss@Example.com', email_verified: true })).toBe(true);
  });
  test('not verified, not listed, or no e-mail: no', () => {
    expect(isBootstrapAdmin(list, { email: 'boss@example.com', email_verified: false })).toBe(false);
    expect(isBootstrapAdmin(list, { email: 'boss@example.com' })).toBe(false);
    expect(isBootstrapAdmin(list, { email: 'other@example.com', email_verified: true })).toBe(false);
    expect(isBootstrapAdmin(list, { email_verified: true })).toBe(false);
  });
});
