import type { TeamMovedCatalog } from './en';

export const it: TeamMovedCatalog = {
  billing: {
    teamMoved: {
      heading: 'Il tuo team ora è uno spazio di lavoro',
      body: 'I membri, i loro ruoli e gli inviti stanno nello spazio di lavoro in cui lavorano. Passaci dal menu degli spazi nell’intestazione, oppure creane uno con «Nuovo spazio di lavoro…», poi invita le persone dalla sua pagina dei membri.',
      seats: 'I posti dipendono dal piano del proprietario dello spazio: {{free}} con Gratuito, {{basic}} con Base, {{premium}} con Avanzato, senza limite con Impresa. I membri eseguono i flussi con il piano del proprietario.',
      members: 'Apri i membri dello spazio',
      plans: 'Confronta i piani',
    },
  },
};
