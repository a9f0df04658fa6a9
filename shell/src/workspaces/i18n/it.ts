import type { WorkspaceSwitcherCatalog } from './en';

export const it: WorkspaceSwitcherCatalog = {
  workspaceSwitcher: {
    button: 'Spazio di lavoro: {{name}}',
    menu: 'Spazi di lavoro',
    personal: 'Personale',
    loading: 'Caricamento degli spazi di lavoro…',
    failed: 'Impossibile caricare gli spazi di lavoro.',
    retry: 'Riprova',
    members: 'Membri e inviti',
    create: 'Nuovo spazio di lavoro…',
    roles: {
      workspace_viewer: 'Può vedere',
      workspace_runner: 'Può eseguire',
      workspace_editor: 'Può modificare',
      workspace_admin: 'Amministratore',
      workspace_owner: 'Proprietario',
    },
    createDialog: {
      title: 'Nuovo spazio di lavoro',
      description: 'Uno spazio di lavoro è condiviso dai suoi membri: i suoi flussi, credenziali ed esecuzioni. Lo paghi con il tuo piano e poi inviti i membri.',
      nameLabel: 'Nome',
      nameRequired: 'Inserisci un nome per lo spazio di lavoro.',
      nameTooLong: 'Usa al massimo {{max}} caratteri.',
      descriptionLabel: 'Descrizione (facoltativa)',
      submit: 'Crea spazio di lavoro',
      creating: 'Creazione…',
      cancel: 'Annulla',
      failed: 'Impossibile creare lo spazio di lavoro. Riprova.',
      forbidden: 'Il tuo account non può creare spazi di lavoro.',
    },
  },
};
