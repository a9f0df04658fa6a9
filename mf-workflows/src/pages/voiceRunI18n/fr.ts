import type { VoiceRunCatalog } from './en';

export const fr: VoiceRunCatalog = {
  workflows: {
    voiceRun: {
      many: 'Plusieurs workflows que vous pouvez exécuter portent un nom comme « {{name}} ». Lequel faut-il exécuter ?',
      runThis: 'Exécuter {{name}}',
      notFoundHere: 'Aucun workflow que vous pouvez exécuter dans cet espace de travail, ni partagé avec vous, ne s’appelle « {{name}} ». Cherchez ci-dessous ou changez d’espace de travail.',
    },
  },
};
