import { cheapestPlanWithMoreSeats, seatLimitFor, seatsAllow, workspaceInvitationExpiry, workspaceInvitationStatus, WORKSPACE_INVITATION_TTL_MS } from './seats';
import { changeMemberRoleSchema, inviteMemberSchema, moveWorkflowSchema, shareWorkflowSchema } from './schemas';

describe('workspace seats', () => {
  test.each([
    ['free', 1, 'basic'],
    ['basic', 3, 'premium'],
    ['premium', 10, 'enterprise'],
    ['enterprise', null, null],
    ['admin', null, null],
    ['unknown-plan', 1, 'basic'],
  ] as const)('an owner on %s has %s seats; the next plan with more is %s', (plan, limit, next) => {
    expect(seatLimitFor(plan)).toBe(limit);
    expect(cheapestPlanWithMoreSeats(plan)).toBe(next);
  });

  test('members plus pending invitations must fit the limit; unlimited always fits', () => {
    expect(seatsAllow(1, 1)).toBe(false);
    expect(seatsAllow(3, 2)).toBe(true);
    expect(seatsAllow(3, 3)).toBe(false);
    expect(seatsAllow(null, 10_000)).toBe(true);
  });

  test('an invitation is pending for 7 days, then expired', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const expires = workspaceInvitationExpiry(created);
    expect(expires.getTime() - created.getTime()).toBe(WORKSPACE_INVITATION_TTL_MS);
    expect(WORKSPACE_INVITATION_TTL_MS).toBe(7 * 24 * 3600 * 1000);
    expect(workspaceInvitationStatus(expires, new Date(expires.getTime() - 1))).toBe('pending');
    expect(workspaceInvitationStatus(expires, expires)).toBe('expired');
  });
});

describe('workspace request schemas', () => {
  test('an invitation lower-cases the e-mail and refuses an unknown role', () => {
    expect(inviteMemberSchema.parse({ email: ' Ann@Example.COM ', roleId: 'workspace_runner' })).toEqual({ email: 'ann@example.com', roleId: 'workspace_runner' });
    expect(inviteMemberSchema.safeParse({ email: 'ann@example.com', roleId: 'admin' }).success).toBe(false);
    expect(inviteMemberSchema.safeParse({ email: 'not-an-email', roleId: 'workspace_viewer' }).success).toBe(false);
  });

  test('a share gives viewer, runner or editor only', () => {
    expect(shareWorkflowSchema.safeParse({ email: 'a@b.co', roleId: 'workspace_editor' }).success).toBe(true);
    expect(shareWorkflowSchema.safeParse({ email: 'a@b.co', roleId: 'workspace_admin' }).success).toBe(false);
  });

  test('a role change names a workspace role; a move names a workspace id', () => {
    expect(changeMemberRoleSchema.safeParse({ roleId: 'workspace_admin' }).success).toBe(true);
    expect(changeMemberRoleSchema.safeParse({ roleId: 'editor' }).success).toBe(false);
    expect(moveWorkflowSchema.safeParse({ workspaceId: 'personal' }).success).toBe(true);
    expect(moveWorkflowSchema.safeParse({ workspaceId: '../x' }).success).toBe(false);
  });
});
