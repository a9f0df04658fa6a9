import type { FlowStepsCatalog } from './en';

export const es: FlowStepsCatalog = {
  workflows: {
    flow: {
      wait: {
        mode: 'Esperar',
        modes: { duration: 'Un tiempo', until: 'Hasta una fecha y hora' },
        amount: 'Cuánto tiempo',
        unit: 'Unidad',
        units: { seconds: 'Segundos', minutes: 'Minutos', hours: 'Horas', days: 'Días' },
        at: 'Fecha y hora',
        atHint: 'Una fecha y hora como 2026-12-01T09:00, o inserta un campo que la contenga.',
        timeZone: 'Zona horaria',
        timeZoneHint: 'Se usa cuando la fecha y hora no indica desfase; UTC si se deja vacía.',
        note: 'Una espera de más de unos segundos pausa la ejecución: continúa a la hora fijada, también tras un reinicio. Como máximo 365 días.',
      },
      sub: {
        workflow: 'Flujo que se ejecuta',
        choose: 'Elige un flujo',
        loading: 'Cargando tus flujos…',
        loadFailed: 'No se pudieron cargar tus flujos.',
        none: 'Ningún otro flujo con disparador manual que puedas ejecutar.',
        notListed: 'El flujo elegido ya no está en tu lista: elige otro.',
        note: 'Ejecuta el flujo elegido como una ejecución propia, espera a que termine y pasa su salida. Los campos de su disparador manual son su entrada.',
        inputs: 'Entrada de {{name}}',
        noInputs: '{{name}} no pide ninguna entrada.',
        required: 'obligatorio',
      },
      links: {
        childRun: 'Abrir la ejecución del subflujo',
        parentRun: 'Iniciada por un paso de subflujo de otra ejecución: abrir esa ejecución',
      },
    },
  },
};
