import type { ErrorTriggerCatalog } from './en';

export const es: ErrorTriggerCatalog = {
  workflows: {
    errorTrigger: {
      about: 'Se inicia cuando falla un flujo que indica este como su flujo de errores. Los pasos siguientes leen los detalles de la ejecución fallida, por ejemplo input.workflow.name, input.failedStep.name, input.error.message e input.run.path.',
      reportsFor: 'Informa de los fallos de: {{list}}',
      reportsForNone: 'Ningún flujo indica todavía este como su flujo de errores: elíjalo en «Flujo de errores» en la configuración de ese flujo.',
      loading: 'Cargando sus flujos…',
      loadFailed: 'No se han podido cargar sus flujos.',
      pickerWithTrigger: 'Con disparador de error',
      pickerOthers: 'Otros flujos',
      pickerNoTrigger: 'Este flujo no tiene disparador de error: sus pasos reciben la ejecución fallida como input.failedRun. Añádale un disparador de error para leer los detalles por nombre.',
      runTest: 'Este flujo se inicia cuando falla otro flujo. Inícielo con {} para probarlo con detalles de ejemplo de una ejecución fallida.',
    },
  },
};
