import { TEAM_INVITATION_TTL_MS, type PlanRole, type TeamRole } from './model';
import { capTeamRole, invitationExpiry, invitationStatus, isTeamRole, normalizeEmail, ownerPlanAllows, roleAfterLeaving, seatFor, teamRolesFor } from './teams';

describe('the owner’s plan caps team roles', () => {
  test.each([
    ['enterprise', 'enterprise', true],
    ['premium', 'enterprise', false],
    ['premium', 'premium', true],
    ['basic', 'premium', false],
    ['free', 'basic', false],
    ['free', 'free', true],
    ['admin', 'enterprise', true],
    [null, 'free', true],
    ['unknown', 'basic', false],
  ])('an owner on %s may give %s: %p', (owner, role, expected) => {
    expect(ownerPlanAllows(owner, role as TeamRole)).toBe(expected);
  });

  test.each([
    ['premium', 'enterprise', 'premium'],
    ['enterprise', 'premium', 'premium'],
    ['enterprise', 'basic', 'basic'],
    ['premium', 'free', 'free'],
    ['basic', 'basic', 'basic'],
    ['enterprise', 'admin', 'enterprise'],
    ['enterprise', null, 'free'],
    ['free', 'unknown', 'free'],
  ])('%s capped by an owner on %s is %s', (role, owner, expected) => {
    expect(capTeamRole(role as TeamRole, owner)).toBe(expected);
  });

  test('the roles an owner may give, lowest first', () => {
    expect(teamRolesFor('premium')).toEqual(['free', 'basic', 'premium']);
    expect(teamRolesFor('admin')).toEqual(['free', 'basic', 'premium', 'enterprise']);
    expect(teamRolesFor('free')).toEqual(['free']);
    expect(teamRolesFor(undefined)).toEqual(['free']);
  });

  test('admin is not a team role', () => {
    expect(isTeamRole('admin')).toBe(false);
    expect(isTeamRole('premium')).toBe(true);
    expect(isTeamRole(2)).toBe(false);
  });
});

describe('joining never lowers a plan; leaving restores the own plan', () => {
  test.each<[PlanRole, TeamRole, PlanRole]>([
    ['free', 'premium', 'premium'],
    ['premium', 'free', 'premium'],
    ['premium', 'basic', 'premium'],
    ['basic', 'enterprise', 'enterprise'],
    ['admin', 'enterprise', 'admin'],
  ])('own plan %s joining as %s holds %s, and leaving returns to %s', (own, teamRole, granted) => {
    const seat = seatFor(own, null, teamRole);
    expect(seat).toEqual({ previousRole: own, grantedRole: granted });
    expect(roleAfterLeaving(granted, seat)).toBe(own);
  });

  test('a role change keeps the plan from before joining', () => {
    const joined = seatFor('basic', null, 'premium');
    const changed = seatFor(joined.grantedRole, joined, 'free');
    expect(changed).toEqual({ previousRole: 'basic', grantedRole: 'basic' });
    const raised = seatFor(changed.grantedRole, changed, 'enterprise');
    expect(raised).toEqual({ previousRole: 'basic', grantedRole: 'enterprise' });
    expect(roleAfterLeaving('enterprise', raised)).toBe('basic');
  });

  test('a plan changed outside the team (own subscription) is the own plan from then on', () => {
    const joined = seatFor('free', null, 'basic');
    // The member subscribed to premium themselves while in the team.
    expect(roleAfterLeaving('premium', joined)).toBe('premium');
    expect(seatFor('premium', joined, 'enterprise')).toEqual({ previousRole: 'premium', grantedRole: 'enterprise' });
  });
});

describe('invitations', () => {
  test('expire 14 days after they were made', () => {
    const created = new Date('2025-03-01T10:00:00Z');
    const expires = invitationExpiry(created);
    expect(expires.toISOString()).toBe('2025-03-15T10:00:00.000Z');
    expect(TEAM_INVITATION_TTL_MS).toBe(14 * 86_400_000);
    expect(invitationStatus(expires, new Date(expires.getTime() - 1))).toBe('pending');
    expect(invitationStatus(expires, expires)).toBe('expired');
  });

  test('e-mails compare trimmed and in lower case', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
