// The audit log endpoint (filters, newest first, cursor pagination, who may
// read it) and the rule that writing an entry never blocks a change.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { ACCESS_API, type AuditEntry } from '@agentflow/shared/rbac';
import { type AccessHarness, type TestUser, startAccessHarness } from '../../testing/harness';
import type { AuditWriter } from './audit';

describe('GET /api/access/audit', () => {
  let h: AccessHarness;
  let admin: TestUser;
  let orgAdmin: TestUser;
  let orgA: string;
  let orgB: string;
  let midpoint: string;

  async function asAdmin(method: string, path: string, body?: unknown) {
    const response = await h.call(method, path, { user: admin, body });
    if (response.status >= 300) throw new Error(`setup ${method} ${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  const audit = async (query: string, user: TestUser = admin) => h.call('GET', `${ACCESS_API.audit}${query}`, { user });

  /** Every page of a query, following nextCursor. */
  async function allPages(query: string, user: TestUser = admin): Promise<{ pages: number[]; entries: AuditEntry[] }> {
    const pages: number[] = [];
    const entries: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const separator = query ? '&' : '?';
      const response = await audit(`${query}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`, user);
      expect(response.status).toBe(200);
      pages.push(response.body.entries.length);
      entries.push(...response.body.entries);
      cursor = response.body.nextCursor;
    } while (cursor);
    return { pages, entries };
  }

  beforeAll(async () => {
    h = await startAccessHarness('audit');
    admin = await h.createAdmin('admin');
    orgAdmin = await h.createUser('orgadmin');
    orgA = (await asAdmin('POST', ACCESS_API.organizations, { name: 'A' })).id;
    orgB = (await asAdmin('POST', ACCESS_API.organizations, { name: 'B' })).id;
    await asAdmin('POST', ACCESS_API.assignments, { userId: orgAdmin.uid, roleId: 'org_admin', organizationId: orgA });
    for (let index = 1; index <= 5; index++) await asAdmin('POST', ACCESS_API.roles, { id: `role-${index}`, name: `Role ${index}` });
    await new Promise((resolve) => setTimeout(resolve, 50));
    midpoint = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await asAdmin('PATCH', ACCESS_API.role('role-1'), { name: 'Role one' });
    await asAdmin('PATCH', ACCESS_API.role('role-2'), { name: 'Role two' });
    const someone = await h.createUser('someone');
    await asAdmin('POST', ACCESS_API.assignments, { userId: someone.uid, roleId: 'guest', organizationId: orgB });
    // A denied attempt, recorded as a failure.
    expect((await h.call('POST', ACCESS_API.roles, { user: orgAdmin, body: { id: 'nope', name: 'Nope' } })).status).toBe(403);
  });

  afterAll(() => h?.close());

  test('newest first, each entry with its actor, status and details', async () => {
    const response = await audit('');
    expect(response.status).toBe(200);
    const { entries } = response.body as { entries: AuditEntry[] };
    // INITIALIZE_RBAC, bootstrap, 2 organizations, 1 assignment, 5 roles, 2 updates, 1 assignment, 1 failure.
    expect(entries).toHaveLength(14);
    expect(response.body.nextCursor).toBeNull();
    const times = entries.map((entry) => Date.parse(entry.timestamp!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(entries[0]).toMatchObject({ action: 'CREATE_ROLE', status: 'failure', userId: orgAdmin.uid, userEmail: orgAdmin.email, targetId: 'nope' });
    expect(entries.at(-1)).toMatchObject({
      action: 'INITIALIZE_RBAC',
      userId: 'system',
      status: 'success',
      details: { message: 'Default admin role and manage_all permission created' },
    });
  });

  test('pages of 2 walk the whole log once, in order', async () => {
    const everything = (await audit('?limit=100')).body.entries as AuditEntry[];
    const { pages, entries } = await allPages('?limit=2');
    expect(pages).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(entries.map((entry) => entry.id)).toEqual(everything.map((entry) => entry.id));
  });

  test('filters: action, actor (uid or e-mail), target, organization, date range; pagination within a filter', async () => {
    const created = await allPages('?action=CREATE_ROLE&limit=2');
    expect(created.pages).toEqual([2, 2, 2]);
    expect(created.entries.map((entry) => `${entry.targetId}:${entry.status}`)).toEqual([
      'nope:failure',
      'role-5:success',
      'role-4:success',
      'role-3:success',
      'role-2:success',
      'role-1:success',
    ]);
    const byUid = (await audit(`?actor=${admin.uid}&limit=100`)).body.entries as AuditEntry[];
    const byEmail = (await audit(`?actor=${encodeURIComponent(admin.email)}&limit=100`)).body.entries as AuditEntry[];
    expect(byUid.length).toBe(11);
    expect(byEmail).toEqual(byUid);
    expect(((await audit('?actor=system')).body.entries as AuditEntry[]).map((entry) => entry.action)).toEqual(['ASSIGN_ROLE', 'INITIALIZE_RBAC']);
    expect(((await audit('?target=role-1')).body.entries as AuditEntry[]).map((entry) => entry.action)).toEqual(['UPDATE_ROLE', 'CREATE_ROLE']);
    const inA = (await audit(`?organizationId=${orgA}`)).body.entries as AuditEntry[];
    expect(inA.map((entry) => entry.action)).toEqual(['ASSIGN_ROLE', 'CREATE_ORGANIZATION']);
    const since = (await audit(`?from=${encodeURIComponent(midpoint)}`)).body.entries as AuditEntry[];
    expect(since.map((entry) => entry.action)).toEqual(['CREATE_ROLE', 'ASSIGN_ROLE', 'UPDATE_ROLE', 'UPDATE_ROLE']);
    const until = (await audit(`?to=${encodeURIComponent(midpoint)}&action=UPDATE_ROLE`)).body.entries as AuditEntry[];
    expect(until).toEqual([]);
    const window = (await audit(`?from=${encodeURIComponent(midpoint)}&to=${encodeURIComponent(new Date().toISOString())}&action=UPDATE_ROLE`)).body.entries;
    expect(window).toHaveLength(2);
  });

  test('bad queries are 400s naming the parameter', async () => {
    expect((await audit('?action=DANCE')).status).toBe(400);
    expect((await audit('?action=DANCE')).body.error).toMatch(/^action /);
    expect((await audit('?limit=0')).body.error).toMatch(/^limit /);
    expect((await audit('?limit=101')).body.error).toMatch(/^limit /);
    expect((await audit('?from=yesterday')).body.error).toMatch(/^from /);
    expect(await audit('?cursor=garbage')).toEqual({ status: 400, body: { error: 'cursor is not a cursor this endpoint returned', code: 'invalid_request' } });
    expect(await audit('?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).toEqual({ status: 400, body: { error: 'from must not be after to', code: 'invalid_request' } });
    expect((await audit('?page=2')).body).toEqual({ error: 'Unknown field: page', code: 'invalid_request' });
  });

  test('an organization admin reads the entries of their organization only', async () => {
    const own = await audit(`?organizationId=${orgA}`, orgAdmin);
    expect(own.status).toBe(200);
    expect(own.body.entries.every((entry: AuditEntry) => entry.organizationId === orgA)).toBe(true);
    expect((await audit('', orgAdmin)).status).toBe(403);
    expect(await audit(`?organizationId=${orgB}`, orgAdmin)).toEqual({ status: 403, body: { error: `Forbidden: you need the read_audit_log permission in organization ${orgB}`, code: 'forbidden' } });
  });
});

describe('an audit entry that cannot be written never blocks the change', () => {
  let h: AccessHarness;
  const logged: Array<{ msg?: string; audit?: { action?: string; status?: string } }> = [];
  const attempts: string[] = [];

  beforeAll(async () => {
    const failing: AuditWriter = {
      async write(entry) {
        attempts.push(`${entry.action}:${entry.status}`);
        throw new Error('audit store is down');
      },
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        callback();
      },
    });
    h = await startAccessHarness('audit-failing', { auditWriter: failing, logger: pino({ level: 'error' }, sink) });
  });

  afterAll(() => h?.close());

  test('the change is made and answered 201; the failure is logged; no entry exists', async () => {
    const admin = await h.createAdmin('admin'); // bootstrapped with the real writer
    const response = await h.call('POST', ACCESS_API.roles, { user: admin, body: { id: 'still-created', name: 'Still created' } });
    expect(response.status).toBe(201);
    expect((await h.db.collection('roles').doc('still-created').get()).exists).toBe(true);
    expect(attempts).toContain('CREATE_ROLE:success');
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'audit entry could not be written', audit: expect.objectContaining({ action: 'CREATE_ROLE', status: 'success' }) }));
    const entries = await h.db.collection('rbacAuditLogs').where('action', '==', 'CREATE_ROLE').get();
    expect(entries.empty).toBe(true);

    const assign = await h.call('POST', ACCESS_API.assignments, { user: admin, body: { userId: (await h.createUser('x')).uid, roleId: 'still-created' } });
    expect(assign.status).toBe(201);
  });

  test('a denied change is still a 403 when its failure entry cannot be written', async () => {
    const plain = await h.createUser('plain');
    const response = await h.call('POST', ACCESS_API.roles, { user: plain, body: { id: 'denied', name: 'Denied' } });
    expect(response).toEqual({ status: 403, body: { error: 'Forbidden: you need the manage_roles permission', code: 'forbidden' } });
    expect(attempts).toContain('CREATE_ROLE:failure');
  });
});
