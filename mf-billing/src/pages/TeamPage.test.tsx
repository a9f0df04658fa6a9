import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MembershipRole } from '@agentflow/shared';
import { createFakeBillingServer, type FakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

afterEach(restoreFetch);

const memberEmails = () =>
  within(screen.getByTestId('team-members'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

const sentEmails = () =>
  within(screen.getByTestId('team-invitations'))
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent);

/** The fake billing-api with the signed-in user (user-1) on `plan`. */
function serverOn(plan: MembershipRole = 'enterprise'): FakeBillingServer {
  const server = createFakeBillingServer();
  server.state.membership.role = plan;
  return server;
}

async function openTeam(options: Parameters<typeof renderBilling>[1] = {}) {
  const rendered = renderBilling('/billing/team', { server: serverOn(), ...options });
  await screen.findByTestId('team-members');
  await screen.findByTestId('team-invitations');
  return rendered;
}

const teamRequests = (server: FakeBillingServer) => server.pageRequests().filter((request) => request.path.startsWith('/api/team'));
const membershipReads = (server: FakeBillingServer) => server.requests.filter((request) => request.path === '/api/membership').length;

describe('Team page: the owner’s side', () => {
  test('lists the members with their roles, and the invitations sent (pending, expired)', async () => {
    const { server } = await openTeam();
    expect(memberEmails()).toEqual(['bob@example.com', 'bea@example.com']);
    expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('basic');
    expect(screen.getByRole('combobox', { name: 'Role of bea@example.com' })).toHaveValue('premium');
    expect(sentEmails()).toEqual(['cleo@example.com', 'dan@example.com']);
    expect(within(screen.getByTestId('team-invitation-i-1')).getByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByTestId('team-invitation-i-2')).getByText('Expired')).toBeInTheDocument();
    expect(within(screen.getByTestId('team-invitation-i-2')).getByText('May 15, 2024')).toBeInTheDocument();
    expect(
      teamRequests(server)
        .map((request) => `${request.method} ${request.path}`)
        .sort(),
    ).toEqual(['GET /api/team/invitations', 'GET /api/team/invitations/received', 'GET /api/team/members', 'GET /api/team/membership']);
    expect(teamRequests(server).every((request) => request.authorization === 'Bearer test-id-token-user-1')).toBe(true);
    // Nothing is addressed to the owner and they belong to no team: those sections stay away.
    expect(screen.queryByTestId('team-for-you')).not.toBeInTheDocument();
    expect(screen.queryByTestId('team-yours')).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Team');
  });

  test('invite: POSTs the e-mail and the chosen role; the invitation is listed as sent, not as a member', async () => {
    const { server } = await openTeam();
    const form = screen.getByTestId('team-invite');
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveValue('basic');
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Free', 'Basic', 'Premium', 'Enterprise']);
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: '  cy@example.com ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Role' }), { target: { value: 'premium' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(sentEmails()).toEqual(['cleo@example.com', 'dan@example.com', 'cy@example.com']));
    expect(memberEmails()).toEqual(['bob@example.com', 'bea@example.com']);
    expect(teamRequests(server).find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/team/members',
      query: {},
      body: { email: 'cy@example.com', role: 'premium' },
      authorization: 'Bearer test-id-token-user-1',
      acceptLanguage: null,
    });
    expect(await screen.findByText('Invitation sent to cy@example.com.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
  });

  test.each<[MembershipRole, string[], string, string]>([
    ['premium', ['Free', 'Basic', 'Premium'], 'basic', 'Your Premium plan lets you give roles up to Premium.'],
    ['free', ['Free'], 'free', 'Your Free plan lets you give roles up to Free.'],
  ])('an owner on %s is offered only the roles their plan allows', async (plan, options, chosen, hint) => {
    const { server } = await openTeam({ server: serverOn(plan) });
    const form = screen.getByTestId('team-invite');
    await waitFor(() => expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(options));
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveValue(chosen);
    expect(screen.getByTestId('team-role-limit')).toHaveTextContent(hint);
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'dee@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(teamRequests(server).some((request) => request.method === 'POST')).toBe(true));
    expect(teamRequests(server).find((request) => request.method === 'POST')?.body).toEqual({ email: 'dee@example.com', role: chosen });
  });

  test('a role another team grants the owner does not count: their own plan caps what they offer', async () => {
    const server = serverOn('enterprise');
    server.state.myTeam = { id: 'm-9', ownerEmail: 'alice@example.com', role: 'enterprise', joinedAt: '2024-06-01T00:00:00.000Z', roleAfterLeaving: 'basic' };
    await openTeam({ server });
    const form = screen.getByTestId('team-invite');
    await waitFor(() => expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Free', 'Basic']));
    expect(screen.getByTestId('team-role-limit')).toHaveTextContent('Your Basic plan lets you give roles up to Basic.');
  });

  test('an invalid e-mail is refused in the form, without a request', async () => {
    const { server } = await openTeam();
    const form = screen.getByTestId('team-invite');
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(teamRequests(server).some((request) => request.method === 'POST')).toBe(false);
  });

  test('a refused invitation is translated by its code', async () => {
    await openTeam();
    const form = screen.getByTestId('team-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'bob@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person is already a member of the team.');
  });

  test('a refusal with a generic code shows that code’s translation, in German too', async () => {
    const server = serverOn();
    server.fail('POST', '/api/team/members', 429, 'Too many requests');
    await openTeam({ server });
    const form = screen.getByTestId('team-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'x@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment and try again.');
  });

  test('an answer without any code (an older service) shows the service’s text inside a translated sentence', async () => {
    const server = serverOn();
    server.failWith('POST', '/api/team/members', 409, { error: 'Seat store busy' });
    await openTeam({ server });
    const form = screen.getByTestId('team-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'x@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing service refused: Seat store busy');
  });

  test('a plan refusal reads in the page’s language, not as the service’s English (plan_limit_reached, de)', async () => {
    const server = serverOn();
    server.failWith('POST', '/api/team/members', 403, { error: 'Your plan allows 3 saved credentials', code: 'plan_limit_reached', plan: 'premium', feature: 'credentials' });
    await openTeam({ server, language: 'de' });
    const form = screen.getByTestId('team-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-Mail' }), { target: { value: 'x@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Die Grenze Ihres Tarifs ist erreicht\. Ein größerer Tarif erlaubt mehr\.$/);
  });

  test('change role: PATCHes the member, then shows the new role', async () => {
    const { server } = await openTeam();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), { target: { value: 'enterprise' } });
    expect(await screen.findByText('bob@example.com now has the role Enterprise.')).toBeInTheDocument();
    expect(teamRequests(server).find((request) => request.method === 'PATCH')).toMatchObject({ path: '/api/team/members/m-1', body: { role: 'enterprise' }, authorization: 'Bearer test-id-token-user-1' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('enterprise'));
  });

  test('a refused role change is translated by its code and keeps the old role', async () => {
    const server = serverOn();
    server.failWith('PATCH', /^\/api\/team\/members\//, 403, { error: 'Refused', code: 'role_above_owner_plan' });
    await openTeam({ server });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), { target: { value: 'premium' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your plan does not allow this role. Choose a lower role or upgrade your plan.');
    expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('basic');
  });

  test('remove asks first: Cancel keeps the member, confirming DELETEs it', async () => {
    const { server } = await openTeam();
    const removeBob = () => within(screen.getByTestId('team-member-m-1')).getByRole('button', { name: 'Remove bob@example.com' });
    fireEvent.click(removeBob());
    const dialog = screen.getByRole('alertdialog', { name: 'Remove bob@example.com?' });
    expect(dialog).toHaveTextContent('their plan goes back to what it was before they joined');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(teamRequests(server).some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(removeBob());
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(memberEmails()).toEqual(['bea@example.com']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(teamRequests(server).find((request) => request.method === 'DELETE')).toMatchObject({ path: '/api/team/members/m-1', authorization: 'Bearer test-id-token-user-1' });
    expect(await screen.findByText('bob@example.com was removed.')).toBeInTheDocument();
  });

  test('Escape closes the confirmation; a refused removal shows the translated error in the dialog', async () => {
    const server = serverOn();
    server.failWith('DELETE', '/api/team/members/m-2', 404, { error: 'Refused', code: 'member_not_found' });
    await openTeam({ server });
    fireEvent.click(within(screen.getByTestId('team-member-m-2')).getByRole('button', { name: /^Remove/ }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('team-member-m-2')).getByRole('button', { name: /^Remove/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('This member is no longer in the team.');
  });

  test('revoke: DELETEs the invitation, which leaves the list; the last one gone says so', async () => {
    const server = serverOn();
    server.state.invitations = server.state.invitations.slice(0, 1);
    await openTeam({ server });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke cleo@example.com' }));
    expect(await screen.findByText('The invitation to cleo@example.com was revoked.')).toBeInTheDocument();
    expect(await screen.findByTestId('team-sent-empty')).toHaveTextContent('No open invitations.');
    expect(teamRequests(server).find((request) => request.method === 'DELETE')).toMatchObject({ path: '/api/team/invitations/i-1' });
  });

  test('a refused list (403) is translated; Try again shows that there are no members yet', async () => {
    const server = serverOn();
    server.failWith('GET', '/api/team/members', 403, { error: 'Refused', code: 'team_forbidden' });
    renderBilling('/billing/team', { server });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the team’s owner, or someone allowed to manage teams, can do this.');
    server.state.members = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('team-empty')).toHaveTextContent('No team members yet.');
  });
});

describe('Team page: invitations for you and your team', () => {
  function invitedServer(): FakeBillingServer {
    const server = serverOn('free');
    server.state.members = [];
    server.state.invitations = [];
    server.state.received = [{ id: 'r-1', ownerEmail: 'alice@example.com', role: 'premium', createdAt: '2024-06-01T00:00:00.000Z', expiresAt: '2024-06-15T00:00:00.000Z' }];
    return server;
  }

  test('accept: POSTs, reloads the membership, then shows the team the user joined', async () => {
    const server = invitedServer();
    renderBilling('/billing/team', { server });
    const forYou = await screen.findByTestId('team-for-you');
    expect(within(forYou).getByRole('heading', { name: 'Invitations for you' })).toBeInTheDocument();
    expect(within(forYou).getByText('alice@example.com invites you to join their team as Premium.')).toBeInTheDocument();
    expect(within(forYou).getByText('Open until June 15, 2024.')).toBeInTheDocument();
    await waitFor(() => expect(membershipReads(server)).toBeGreaterThan(0));
    const readsBefore = membershipReads(server);
    fireEvent.click(within(forYou).getByRole('button', { name: 'Accept alice@example.com' }));
    expect(await screen.findByText('You joined the team of alice@example.com.')).toBeInTheDocument();
    expect(teamRequests(server).find((request) => request.method === 'POST')).toMatchObject({ path: '/api/team/invitations/r-1/accept', authorization: 'Bearer test-id-token-user-1' });
    const yours = await screen.findByTestId('team-yours');
    expect(yours).toHaveTextContent('You are a member of the team of alice@example.com, with the role Premium.');
    expect(yours).toHaveTextContent('If you leave, your plan goes back to Free.');
    await waitFor(() => expect(screen.queryByTestId('team-for-you')).not.toBeInTheDocument());
    // The header's plan follows: the membership is read again.
    await waitFor(() => expect(membershipReads(server)).toBeGreaterThan(readsBefore));
  });

  test('decline: POSTs and the invitation goes away', async () => {
    const server = invitedServer();
    renderBilling('/billing/team', { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline alice@example.com' }));
    expect(await screen.findByText('Invitation declined.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('team-for-you')).not.toBeInTheDocument());
    expect(teamRequests(server).find((request) => request.method === 'POST')).toMatchObject({ path: '/api/team/invitations/r-1/decline' });
    expect(server.state.membership.role).toBe('free');
  });

  test('a refused acceptance is translated by its code', async () => {
    const server = invitedServer();
    server.failWith('POST', '/api/team/invitations/r-1/accept', 403, { error: 'Refused', code: 'invitation_email_mismatch' });
    renderBilling('/billing/team', { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept alice@example.com' }));
    expect(await within(screen.getByTestId('team-for-you')).findByRole('alert')).toHaveTextContent(
      'This invitation is for another e-mail address. Sign in with that address to answer it.',
    );
    expect(screen.queryByTestId('team-yours')).not.toBeInTheDocument();
  });

  test('an unverified e-mail is asked to verify before invitations show', async () => {
    const server = invitedServer();
    server.state.received = [];
    server.state.emailVerified = false;
    renderBilling('/billing/team', { server });
    expect(await screen.findByTestId('team-for-you')).toHaveTextContent('Verify your e-mail address to see the team invitations sent to it.');
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  test('leave asks first, then DELETEs the membership and the section goes', async () => {
    const server = invitedServer();
    server.state.received = [];
    server.state.myTeam = { id: 'm-9', ownerEmail: null, role: 'basic', joinedAt: '2024-06-01T00:00:00.000Z', roleAfterLeaving: 'free' };
    renderBilling('/billing/team', { server });
    const yours = await screen.findByTestId('team-yours');
    expect(yours).toHaveTextContent('You are a member of the team of A team owner, with the role Basic.');
    fireEvent.click(within(yours).getByRole('button', { name: 'Leave the team' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave the team of A team owner?' });
    expect(dialog).toHaveTextContent('You lose the team role at once, and your plan goes back to Free.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the team.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('team-yours')).not.toBeInTheDocument());
    expect(teamRequests(server).find((request) => request.method === 'DELETE')).toMatchObject({ path: '/api/team/membership' });
  });
});

describe('Team page: languages and sign-in', () => {
  test('is translated (es)', async () => {
    await openTeam({ language: 'es' });
    expect(screen.getByRole('button', { name: 'Invitar' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rol de bob@example.com' })).toHaveDisplayValue('Básico');
    expect(screen.getByRole('heading', { name: 'Invitaciones que has enviado' })).toBeInTheDocument();
  });

  test('German addresses the reader as Sie, also in a translated refusal', async () => {
    const server = serverOn();
    server.state.received = [{ id: 'r-1', ownerEmail: 'alice@example.com', role: 'basic', createdAt: null, expiresAt: '2024-06-15T00:00:00.000Z' }];
    server.failWith('POST', '/api/team/invitations/r-1/accept', 409, { error: 'Refused', code: 'in_another_team' });
    await openTeam({ server, language: 'de' });
    expect(screen.getByText('alice@example.com lädt Sie ein, dem Team mit der Rolle Basis beizutreten.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Annehmen alice@example.com' }));
    expect(await within(screen.getByTestId('team-for-you')).findByRole('alert')).toHaveTextContent(
      'Sie sind bereits Mitglied eines anderen Teams. Verlassen Sie es zuerst, um diesem beizutreten.',
    );
  });

  test('signed out: sent to sign in', async () => {
    const { server } = renderBilling('/billing/team', { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/billing/team')}`));
    expect(server.requests).toEqual([]);
  });
});
