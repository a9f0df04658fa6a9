import type { VoiceRunCatalog } from './en';

export const es: VoiceRunCatalog = {
  workflows: {
    voiceRun: {
      many: 'Hay más de un flujo que puedes ejecutar con un nombre como «{{name}}». ¿Cuál debe ejecutarse?',
      runThis: 'Ejecutar {{name}}',
      notFoundHere: 'Ningún flujo que puedas ejecutar en este espacio de trabajo, ni compartido contigo, se llama «{{name}}». Busca abajo o cambia de espacio de trabajo.',
    },
  },
};
