import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

afterEach(restoreFetch);

const memberEmails = () =>
  within(screen.getByTestId('team-members'))
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent);

async function openTeam(options: Parameters<typeof renderBilling>[1] = {}) {
  const rendered = renderBilling('/billing/team', options);
  await screen.findByTestId('team-members');
  return rendered;
}

const teamRequests = (server: ReturnType<typeof createFakeBillingServer>) => server.pageRequests().filter((request) => request.path.startsWith('/api/team'));

describe('Team page', () => {
  test('lists the members with their roles; an invitation without an account is pending', async () => {
    const { server } = await openTeam();
    expect(memberEmails()).toEqual(['bob@example.com', 'bea@example.com']);
    expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('basic');
    expect(screen.getByRole('combobox', { name: 'Role of bea@example.com' })).toHaveValue('premium');
    expect(within(screen.getByTestId('team-member-m-2')).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(screen.getByTestId('team-member-m-1')).queryByText('Invitation pending')).not.toBeInTheDocument();
    expect(teamRequests(server)).toEqual([{ method: 'GET', path: '/api/team/members', query: {}, body: undefined, authorization: 'Bearer test-id-token-user-1', acceptLanguage: null }]);
    expect(document.title).toBe('Agentflow · Team');
  });

  test('invite: POSTs the e-mail and the chosen role, then lists the new member', async () => {
    const { server } = await openTeam();
    const form = screen.getByTestId('team-invite');
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveValue('basic');
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Free', 'Basic', 'Premium', 'Enterprise']);
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: '  cy@example.com ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Role' }), { target: { value: 'premium' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(memberEmails()).toEqual(['bob@example.com', 'bea@example.com', 'cy@example.com']));
    expect(teamRequests(server).find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/team/members',
      query: {},
      body: { email: 'cy@example.com', role: 'premium' },
      authorization: 'Bearer test-id-token-user-1',
      acceptLanguage: null,
    });
    expect(await screen.findByText('cy@example.com was invited.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
  });

  test('invite with the default role sends basic', async () => {
    const { server } = await openTeam();
    const form = screen.getByTestId('team-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'dee@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(teamRequests(server).some((request) => request.method === 'POST')).toBe(true));
    expect(teamRequests(server).find((request) => request.method === 'POST')?.body).toEqual({ email: 'dee@example.com', role: 'basic' });
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

  test('a refused invitation shows the service’s error', async () => {
    await openTeam();
    const form = screen.getByTestId('team-invite');
    fireEvent.change(within(form).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'bob@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing service refused: bob@example.com is already a member');
  });

  test('change role: PATCHes the member, then shows the new role', async () => {
    const { server } = await openTeam();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), { target: { value: 'enterprise' } });
    expect(await screen.findByText('bob@example.com now has the role Enterprise.')).toBeInTheDocument();
    expect(teamRequests(server).find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/team/members/m-1',
      query: {},
      body: { role: 'enterprise' },
      authorization: 'Bearer test-id-token-user-1',
      acceptLanguage: null,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('enterprise'));
  });

  test('a refused role change shows the service’s error and keeps the old role', async () => {
    const server = createFakeBillingServer();
    server.fail('PATCH', /^\/api\/team\/members\//, 403, 'Only the subscription owner can manage the team');
    await openTeam({ server });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), { target: { value: 'premium' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing service refused: Only the subscription owner can manage the team');
    expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('basic');
  });

  test('remove asks first: Cancel keeps the member, confirming DELETEs it', async () => {
    const { server } = await openTeam();
    const removeBob = () => within(screen.getByTestId('team-member-m-1')).getByRole('button', { name: 'Remove bob@example.com' });
    fireEvent.click(removeBob());
    const dialog = screen.getByRole('alertdialog', { name: 'Remove bob@example.com?' });
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

  test('Escape closes the confirmation; a refused removal shows the error in the dialog', async () => {
    const server = createFakeBillingServer();
    server.fail('DELETE', '/api/team/members/m-2', 404, 'Team member m-2 not found');
    await openTeam({ server });
    fireEvent.click(within(screen.getByTestId('team-member-m-2')).getByRole('button', { name: /^Remove/ }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('team-member-m-2')).getByRole('button', { name: /^Remove/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('The billing service refused: Team member m-2 not found');
  });

  test('a refused list (403) shows the service’s error; no members yet says so', async () => {
    const server = createFakeBillingServer();
    server.fail('GET', '/api/team/members', 403, 'Not allowed to manage this team');
    renderBilling('/billing/team', { server });
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing service refused: Not allowed to manage this team');
    server.state.members = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('team-empty')).toHaveTextContent('No team members yet.');
  });

  test('is translated (es)', async () => {
    await openTeam({ language: 'es' });
    expect(screen.getByRole('button', { name: 'Invitar' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rol de bob@example.com' })).toHaveDisplayValue('Básico');
  });

  test('signed out: sent to sign in', async () => {
    const { server } = renderBilling('/billing/team', { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/billing/team')}`));
    expect(server.requests).toEqual([]);
  });
});
