import type { VoiceRunCatalog } from './en';

export const de: VoiceRunCatalog = {
  workflows: {
    voiceRun: {
      many: 'Mehrere Abläufe, die Sie ausführen können, heißen ähnlich wie „{{name}}“. Welcher soll laufen?',
      runThis: '{{name}} ausführen',
      notFoundHere: 'Kein Ablauf, den Sie in diesem Arbeitsbereich ausführen können oder der mit Ihnen geteilt wurde, heißt „{{name}}“. Suchen Sie unten oder wechseln Sie den Arbeitsbereich.',
    },
  },
};
