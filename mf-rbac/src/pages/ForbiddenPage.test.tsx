import { screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { ConsoleTexts } from '../i18n/ConsoleTexts';
import { ForbiddenPage } from './ForbiddenPage';

test.each([
  ['en', 'Error 403', 'Access denied', /does not have the permission/, 'Back to home'],
  ['es', 'Código de error 403', 'Acceso denegado', /no tiene el permiso/, 'Volver al inicio'],
  ['fr', 'Erreur 403', 'Accès refusé', /n’a pas l’autorisation/, 'Retour à l’accueil'],
  ['de', 'Fehler 403', 'Zugriff verweigert', /fehlt die Berechtigung/, 'Zurück zur Startseite'],
  ['it', 'Errore 403', 'Accesso negato', /non ha il permesso/, 'Torna alla home'],
] as const)('%s: a title, an explanation and a link home', (language, code, title, body, home) => {
  renderWithProviders(<ConsoleTexts><ForbiddenPage headingLevel={1} /></ConsoleTexts>, { language });
  expect(screen.getByText(code)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByText(body)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', '/');
  expect(screen.getByTestId('access-forbidden')).toHaveAccessibleName(title);
});

test('inside the console its heading is an h2', () => {
  renderWithProviders(<ConsoleTexts><ForbiddenPage /></ConsoleTexts>);
  expect(screen.getByRole('heading', { level: 2, name: 'Access denied' })).toBeInTheDocument();
});
