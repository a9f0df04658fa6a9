import type { WorkspaceSwitcherCatalog } from './en';

export const de: WorkspaceSwitcherCatalog = {
  workspaceSwitcher: {
    button: 'Arbeitsbereich: {{name}}',
    menu: 'Arbeitsbereiche',
    personal: 'Persönlich',
    loading: 'Arbeitsbereiche werden geladen…',
    failed: 'Die Arbeitsbereiche konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    members: 'Mitglieder und Einladungen',
    create: 'Neuer Arbeitsbereich…',
    roles: {
      workspace_viewer: 'Darf ansehen',
      workspace_runner: 'Darf ausführen',
      workspace_editor: 'Darf bearbeiten',
      workspace_admin: 'Administrator',
      workspace_owner: 'Inhaber',
    },
    createDialog: {
      title: 'Neuer Arbeitsbereich',
      description: 'Einen Arbeitsbereich teilen sich seine Mitglieder: seine Workflows, Zugangsdaten und Ausführungen. Sie bezahlen ihn mit Ihrem Tarif und laden danach Mitglieder ein.',
      nameLabel: 'Bezeichnung',
      nameRequired: 'Geben Sie einen Namen für den Arbeitsbereich ein.',
      nameTooLong: 'Verwenden Sie höchstens {{max}} Zeichen.',
      descriptionLabel: 'Beschreibung (optional)',
      submit: 'Arbeitsbereich erstellen',
      creating: 'Wird erstellt…',
      cancel: 'Abbrechen',
      failed: 'Der Arbeitsbereich konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
      forbidden: 'Ihr Konto darf keine Arbeitsbereiche erstellen.',
    },
  },
};
