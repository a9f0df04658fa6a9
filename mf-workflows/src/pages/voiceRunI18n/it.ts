import type { VoiceRunCatalog } from './en';

export const it: VoiceRunCatalog = {
  workflows: {
    voiceRun: {
      many: 'Più di un flusso che puoi eseguire ha un nome come «{{name}}». Quale deve essere eseguito?',
      runThis: 'Esegui {{name}}',
      notFoundHere: 'Nessun flusso che puoi eseguire in questo spazio di lavoro, o condiviso con te, si chiama «{{name}}». Cerca qui sotto o cambia spazio di lavoro.',
    },
  },
};
