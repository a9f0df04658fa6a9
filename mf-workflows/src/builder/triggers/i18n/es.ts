import type { TriggersCatalog } from './en';

export const es: TriggersCatalog = {
  workflows: {
    triggers: {
      active: 'Activo',
      activeOn: 'Encendido: su webhook, su programación y sus disparadores de aplicaciones inician ejecuciones.',
      activeOff: 'Apagado: solo las ejecuciones que inicie usted. Su webhook responde «no encontrado» y su programación y sus disparadores de aplicaciones esperan.',
      switchFailed: 'No se pudo cambiar «{{name}}». Inténtelo de nuevo.',
      switchedOn: '«{{name}}» está encendido.',
      switchedOff: '«{{name}}» está apagado: su webhook, su programación y sus disparadores de aplicaciones no inician ejecuciones.',
      voice: {
        starting: 'Iniciando «{{name}}»…',
        startFailed: '«{{name}}» no pudo iniciarse. Inícielo desde su formulario de ejecución.',
      },
      schedule: {
        title: 'Cuándo se ejecuta',
        loading: 'Leyendo la programación…',
        invalid: 'Introduzca una expresión cron y una zona horaria válidas para ver cuándo se ejecuta.',
        next: 'Próximas {{count}} ejecuciones ({{zone}})',
        inactive: 'El flujo está apagado: estas horas no inician ejecuciones hasta que lo encienda.',
      },
    },
  },
};
