import type { NodeSettingsCatalog } from './en';

export const es: NodeSettingsCatalog = {
  workflows: {
    nodeSettings: {
      title: 'Reintentos y errores',
      retries: 'Reintentos',
      attempts: 'Intentos en total',
      attemptsHint: 'De 1 (sin reintento) a 10.',
      backoff: 'Espera antes de volver a intentarlo (ms)',
      backoffHint: 'Se duplica tras cada nuevo intento; como máximo 600000 (10 minutos).',
      retryOn: 'Reintentar ante',
      retryOnTransient: 'Solo errores temporales (red, tiempo agotado, servicios saturados)',
      retryOnAny: 'Cualquier error',
      onError: 'Si falla',
      onErrorStop: 'Detener la ejecución',
      onErrorContinue: 'Continuar con el error como salida',
      onErrorBranch: 'Rama de error',
      onErrorHint: {
        stop: 'La ejecución falla en este paso.',
        continue: 'Los pasos siguientes se ejecutan y leen el error como salida de este paso.',
        branch: 'Si este paso falla, solo se ejecutan los pasos conectados a la salida roja «Error».',
      },
      reset: 'Volver a los valores predeterminados',
      errorWorkflow: 'Flujo de errores',
      errorWorkflowNone: 'Ninguno',
      errorWorkflowHint: 'Se inicia con los detalles de una ejecución fallida de este flujo.',
      errorWorkflowLoading: 'Cargando tus flujos…',
      errorWorkflowFailed: 'No se pudieron cargar tus flujos.',
    },
  },
};
