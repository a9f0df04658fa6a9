// /billing/team points to the workspace's members (issue 21: billing teams
// became workspaces; seats come from the owner's plan).
import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { TeamPage } from './TeamPage';

test('says the team is a workspace now, where seats come from, and links to its members and the plans', () => {
  renderWithProviders(<TeamPage />, { user: testUser() });
  expect(screen.getByRole('heading', { level: 2, name: 'Your team is now a workspace' })).toBeInTheDocument();
  expect(screen.getByText(/Seats come from the plan of the workspace’s owner: 1 on Free, 3 on Basic, 10 on Premium, no limit on Enterprise\./)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the workspace’s members' })).toHaveAttribute('href', '/admin/access/workspace');
  expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/billing/plans');
});

test('is translated (Spanish)', () => {
  renderWithProviders(<TeamPage />, { user: testUser(), language: 'es' });
  expect(screen.getByRole('heading', { level: 2, name: 'Tu equipo es ahora un espacio de trabajo' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Abrir los miembros del espacio' })).toBeInTheDocument();
});
