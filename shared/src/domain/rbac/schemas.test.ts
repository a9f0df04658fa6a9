// The request schemas of the access endpoints, and the 400 messages they give.
import type { z } from 'zod';
import {
  assignmentSchema,
  auditQuerySchema,
  createOrganizationSchema,
  createPermissionSchema,
  createRoleSchema,
  describeIssue,
  idSchema,
  updateOrganizationSchema,
  updatePermissionSchema,
  updateRoleSchema,
  userSearchSchema,
} from './schemas';

function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return describeIssue(result.error);
}

describe('idSchema', () => {
  test('lower-case slugs, trimmed', () => {
    expect(idSchema.parse('  sales_manager-2 ')).toBe('sales_manager-2');
  });
  test.each([
    ['', 'is undefined or empty.'],
    ['   ', 'is undefined or empty.'],
    ['Admin', 'may contain only lower-case letters, digits, "_" and "-", starting with a letter or digit'],
    ['-x', 'may contain only lower-case letters, digits, "_" and "-", starting with a letter or digit'],
    ['a/b', 'may contain only lower-case letters, digits, "_" and "-", starting with a letter or digit'],
    ['x'.repeat(65), 'must be at most 64 characters'],
  ])('%j: %s', (input, message) => {
    expect(messageOf(idSchema, input)).toBe(message);
  });
});

describe('assignmentSchema', () => {
  test("an empty role id: 'roleId is undefined or empty.'", () => {
    expect(messageOf(assignmentSchema, { userId: 'u1', roleId: '' })).toBe('roleId is undefined or empty.');
    expect(messageOf(assignmentSchema, { userId: '', roleId: 'admin' })).toBe('userId is undefined or empty.');
  });
  test('organizationId is optional and may be null', () => {
    expect(assignmentSchema.parse({ userId: 'u1', roleId: 'admin' })).toEqual({ userId: 'u1', roleId: 'admin' });
    expect(assignmentSchema.parse({ userId: 'u1', roleId: 'admin', organizationId: null })).toEqual({ userId: 'u1', roleId: 'admin', organizationId: null });
    expect(assignmentSchema.parse({ userId: 'u1', roleId: 'admin', organizationId: ' org ' })).toMatchObject({ organizationId: 'org' });
  });
  test('unknown fields are named', () => {
    expect(messageOf(assignmentSchema, { userId: 'u1', roleId: 'admin', assignedBy: 'me' })).toBe('Unknown field: assignedBy');
    expect(messageOf(assignmentSchema, { userId: 'u1', roleId: 'admin', a: 1, b: 2 })).toBe('Unknown fields: a, b');
  });
});

describe('createRoleSchema and updateRoleSchema', () => {
  test('defaults: empty description, custom system, no permissions', () => {
    expect(createRoleSchema.parse({ id: 'editor', name: ' Editor ' })).toEqual({ id: 'editor', name: 'Editor', description: '', system: 'custom', permissions: [] });
  });
  test('messages name the field, including inside arrays', () => {
    expect(messageOf(createRoleSchema, { id: 'editor', name: '' })).toBe('name is required');
    expect(messageOf(createRoleSchema, { id: 'editor', name: 'E', permissions: ['ok', 'Not OK'] })).toMatch(/^permissions\.1 may contain only/);
    expect(messageOf(createRoleSchema, { id: 'editor', name: 'E', googleEquivalent: { workspace: 'x' } })).toMatch(/^googleEquivalent\.cloudIAM /);
  });
  test('an update cannot change the id', () => {
    expect(messageOf(updateRoleSchema, { id: 'other' })).toBe('Unknown field: id');
  });
});

describe('createPermissionSchema', () => {
  test('a resource name or *, one of the actions', () => {
    expect(createPermissionSchema.parse({ id: 'manage_all', name: 'Manage All', resource: '*', action: 'manage' })).toMatchObject({ resource: '*', action: 'manage', system: 'custom' });
    expect(messageOf(createPermissionSchema, { id: 'p', name: 'P', resource: 'a b', action: 'read' })).toBe("resource must be a resource name or '*'");
    expect(messageOf(createPermissionSchema, { id: 'p', name: 'P', resource: 'x', action: 'fly' })).toBe('action must be one of read, manage, create, update, delete, run, system');
  });
});

describe('createOrganizationSchema', () => {
  test('a name is required', () => {
    expect(messageOf(createOrganizationSchema, { name: '  ' })).toBe('name is required');
    expect(createOrganizationSchema.parse({ name: 'Acme' })).toEqual({ name: 'Acme', description: '' });
  });
});

describe('auditQuerySchema and userSearchSchema', () => {
  test('query strings: the limit is coerced, dates must be ISO 8601 with an offset', () => {
    expect(auditQuerySchema.parse({ limit: '10', from: '2026-01-01T00:00:00Z' })).toEqual({ limit: 10, from: '2026-01-01T00:00:00Z' });
    expect(auditQuerySchema.parse({})).toEqual({ limit: 25 });
    expect(messageOf(auditQuerySchema, { limit: '0' })).toMatch(/^limit /);
    expect(messageOf(auditQuerySchema, { from: '2026-01-01' })).toMatch(/^from /);
    expect(messageOf(auditQuerySchema, { action: 'DANCE' })).toMatch(/^action /);
  });
  test('an e-mail prefix is required', () => {
    expect(messageOf(userSearchSchema, { emailPrefix: ' ' })).toBe('emailPrefix is required');
  });
});

test('describeIssue without a path gives the message alone', () => {
  expect(messageOf(idSchema, '')).toBe('is undefined or empty.');
});

describe('contract details', () => {
  test('an update carries only the fields sent (no defaults filled in)', () => {
    expect(updateRoleSchema.parse({ name: 'Field lead' })).toEqual({ name: 'Field lead' });
    expect(updatePermissionSchema.parse({ action: 'run' })).toEqual({ action: 'run' });
    expect(updateOrganizationSchema.parse({ description: 'North' })).toEqual({ description: 'North' });
  });

  test("a missing roleId or userId reads 'is undefined or empty.'", () => {
    const message = (input: unknown) => {
      const result = assignmentSchema.safeParse(input);
      return result.success ? null : describeIssue(result.error);
    };
    expect(message({ userId: 'u1' })).toBe('roleId is undefined or empty.');
    expect(message({ roleId: 'admin' })).toBe('userId is undefined or empty.');
    expect(message({ userId: 'u1', roleId: 7 })).toBe('roleId must be a string');
  });
});
