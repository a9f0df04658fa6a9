import type { TeamMovedCatalog } from './en';

export const de: TeamMovedCatalog = {
  billing: {
    teamMoved: {
      heading: 'Ihr Team ist jetzt ein Arbeitsbereich',
      body: 'Mitglieder, ihre Rollen und Einladungen gehören zu dem Arbeitsbereich, in dem sie arbeiten. Wechseln Sie im Arbeitsbereich-Menü der Kopfzeile dorthin oder erstellen Sie einen mit „Neuer Arbeitsbereich…“ und laden Sie die Personen auf seiner Mitgliederseite ein.',
      seats: 'Die Plätze richten sich nach dem Tarif des Inhabers: {{free}} bei Kostenlos, {{basic}} bei Basis, {{premium}} bei Erweitert, unbegrenzt bei Unternehmen. Mitglieder führen Workflows im Tarif des Inhabers aus.',
      members: 'Mitglieder des Arbeitsbereichs öffnen',
      plans: 'Tarife vergleichen',
    },
  },
};
