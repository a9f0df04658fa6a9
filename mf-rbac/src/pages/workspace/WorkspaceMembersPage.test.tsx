// The workspace members page and the invitation page (issue 21), on a fake
// platform-api client: reachable by any signed-in member (no console
// permission), seats, roles, inviting (and the seat refusal naming the plan
// with its link), withdrawing, leaving; accepting an invitation from its link.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@agentflow/shared';
import { restoreFetch } from '@agentflow/shared/testing/renderRemote';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { createFakeWorkspaceClient } from '../../testing/fakeWorkspaceClient';
import { ACME, renderWorkspacePage } from '../../testing/renderWorkspacePage';

afterEach(restoreFetch);

const MEMBERS = {
  members: [
    { uid: 'owner-1', email: 'olga@example.com', displayName: 'Olga Owner', roleId: 'workspace_owner' as const },
    { uid: 'user-1', email: 'ada@example.com', displayName: 'Ada Lovelace', roleId: 'workspace_admin' as const },
    { uid: 'user-2', email: 'bob@example.com', displayName: 'Bob Runner', roleId: 'workspace_runner' as const },
  ],
  invitations: [{ id: 'inv-old', email: 'cy@example.com', roleId: 'workspace_viewer' as const, status: 'expired' as const, expiresAt: '2026-11-01T09:00:00.000Z' }],
};

const renderPage = renderWorkspacePage;

describe('the workspace members page', () => {
  test('a member without any console permission sees the members, roles, seats and invitations', async () => {
    const asRunner = MEMBERS.members.map((member) => (member.uid === 'user-1' ? { ...member, roleId: 'workspace_runner' as const } : member));
    const fake = createFakeWorkspaceClient({ ...MEMBERS, members: asRunner });
    renderPage('/admin/access/workspace', fake, { workspace: { currentId: 'org-acme', workspaces: [personalWorkspace(), { ...ACME, roleId: 'workspace_runner' }] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members of Acme Sales' })).toBeInTheDocument();
    expect(screen.queryByTestId('access-forbidden')).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByTestId('workspace-member').map((row) => row.textContent)).toEqual([
      'Olga Ownerolga@example.comWorkspace owner',
      // The user's own row: "(you)", and Leave (not the owner).
      'Ada Lovelace (you)ada@example.comWorkspace runnerLeave workspace',
      'Bob Runnerbob@example.comWorkspace runner',
    ]);
    expect(screen.getByTestId('workspace-seats')).toHaveTextContent('Seats: 3 of 3 used (Basic plan of the owner)');
    expect(within(screen.getByRole('table', { name: 'Invitations' })).getByText('Expired')).toBeInTheDocument();
    // A runner manages nobody: no role selects, no remove, no invite form.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('workspace-invite')).not.toBeInTheDocument();
    expect(fake.client.members).toHaveBeenCalledWith('org-acme');
  });

  test('an admin changes a role, removes a member and withdraws an invitation; the owner is left alone', async () => {
    const fake = createFakeWorkspaceClient(MEMBERS);
    renderPage('/admin/access/workspace', fake);
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('combobox', { name: 'Role of Olga Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove: Olga Owner' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Bob Runner' }), { target: { value: 'workspace_editor' } });
    expect(await screen.findByText('Bob Runner is now Workspace editor.')).toBeInTheDocument();
    expect(fake.client.changeRole).toHaveBeenCalledWith('org-acme', 'user-2', 'workspace_editor');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of cy@example.com' }));
    expect(await screen.findByText('The invitation of cy@example.com was withdrawn.')).toBeInTheDocument();
    expect(fake.client.withdraw).toHaveBeenCalledWith('org-acme', 'inv-old');

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Bob Runner' }));
    expect(await screen.findByText('Bob Runner no longer works in this workspace.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Role of Bob Runner' })).not.toBeInTheDocument());
  });

  test('invites by e-mail with a role; past the seats, the refusal names the plan with more seats and links to it (German)', async () => {
    const fake = createFakeWorkspaceClient(MEMBERS);
    renderPage('/admin/access/workspace', fake);
    const form = await screen.findByTestId('workspace-invite');
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText('Enter an e-mail address, like name@example.com.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'dan@example.com' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'workspace_runner' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Invitation sent to dan@example.com. It is valid for 7 days.')).toBeInTheDocument();
    expect(fake.client.invite).toHaveBeenCalledWith('org-acme', 'dan@example.com', 'workspace_runner');
    expect(await screen.findByText('dan@example.com')).toBeInTheDocument();
  });

  test('the seat refusal is translated and names the plan, with a link to /billing/plans?plan=', async () => {
    const fake = createFakeWorkspaceClient(MEMBERS);
    fake.refuse('invite', new ApiError('Seats', 403, 'seat_limit_reached', 'Seats', { plan: 'premium' }));
    renderPage('/admin/access/workspace', fake, { language: 'de' });
    const form = await screen.findByTestId('workspace-invite');
    fireEvent.change(within(form).getByLabelText('E-Mail-Adresse'), { target: { value: 'dan@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Einladung senden' }));
    const refusal = await within(form).findByTestId('seat-limit');
    expect(refusal).toHaveTextContent('Alle Plätze des Tarifs Basis sind belegt. Der Tarif Erweitert hat mehr Plätze.');
    expect(within(refusal).getByRole('link', { name: 'Tarif Erweitert ansehen' })).toHaveAttribute('href', '/billing/plans?plan=premium');
  });

  test('in the personal workspace: it says how to make a shared one, and lists invitations for the user', async () => {
    const fake = createFakeWorkspaceClient({
      received: [{ id: 'inv-9', workspaceId: 'org-beta', workspaceName: 'Beta Ops', roleId: 'workspace_editor', invitedByName: 'Olga Owner', expiresAt: '2026-12-04T09:00:00.000Z' }],
    });
    renderPage('/admin/access/workspace', fake, { workspace: { currentId: 'personal', workspaces: [personalWorkspace()] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your personal workspace' })).toBeInTheDocument();
    expect(screen.getByTestId('workspace-personal-note')).toHaveTextContent('New workspace…');
    expect(await screen.findByText('Olga Owner invites you to Beta Ops as Workspace editor.')).toBeInTheDocument();
    expect(fake.client.members).not.toHaveBeenCalled();
  });
});

describe('the invitation page (the e-mail’s link)', () => {
  const INVITATION = { id: 'inv-9', workspaceId: 'org-beta', workspaceName: 'Beta Ops', roleId: 'workspace_runner' as const, invitedByName: 'Olga Owner', expiresAt: '2026-12-04T09:00:00.000Z' };

  test('a signed-out visitor signs in first and comes back', async () => {
    renderPage('/admin/access/invitations/inv-9', createFakeWorkspaceClient(), { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=%2Fadmin%2Faccess%2Finvitations%2Finv-9'));
  });

  test('accepting joins the workspace and makes it the current one', async () => {
    const joined = organizationWorkspace({ id: 'org-beta', name: 'Beta Ops', roleId: 'workspace_runner' });
    const fake = createFakeWorkspaceClient({ received: [INVITATION] }, joined);
    const select = jest.fn();
    const refresh = jest.fn(async () => undefined);
    renderPage('/admin/access/invitations/inv-9', fake, { workspace: { select, refresh } });
    expect(await screen.findByText('Olga Owner invites you to Beta Ops as Workspace runner.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Beta Ops' }));
    expect(await screen.findByText('You joined Beta Ops. It is now your current workspace.')).toBeInTheDocument();
    expect(fake.client.accept).toHaveBeenCalledWith('inv-9');
    expect(refresh).toHaveBeenCalled();
    expect(select).toHaveBeenCalledWith('org-beta');
    expect(screen.getByRole('link', { name: 'Open its workflows' })).toHaveAttribute('href', '/workflows');
  });

  test('declining says so; an expired invitation is refused in words', async () => {
    const fake = createFakeWorkspaceClient({ received: [INVITATION] });
    fake.refuse('accept', new ApiError('expired', 410, 'invitation_expired'));
    renderPage('/admin/access/invitations/inv-9', fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation to Beta Ops' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired. Ask for a new one.');
    fireEvent.click(screen.getByRole('button', { name: 'Decline the invitation to Beta Ops' }));
    expect(await screen.findByText('You declined the invitation to Beta Ops.')).toBeInTheDocument();
  });

  test('an invitation that is not the user’s says so', async () => {
    renderPage('/admin/access/invitations/inv-other', createFakeWorkspaceClient({ received: [INVITATION] }));
    expect(await screen.findByTestId('invitation-not-found')).toHaveTextContent('This invitation was not found.');
  });
});
