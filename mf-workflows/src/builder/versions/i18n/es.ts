import type { VersionsCatalog } from './en';

export const es: VersionsCatalog = {
  workflows: {
    versions: {
      saveVersion: 'Guardar versión',
      offlineHint: 'Para guardar una versión se necesita conexión.',
      dialogTitle: 'Guardar una versión',
      dialogBody: 'Una versión conserva el flujo tal como está ahora en su historial, para que pueda volver a él más tarde.',
      label: 'Nombre (opcional)',
      labelHint: 'Hasta {{max}} caracteres, por ejemplo «Antes del nuevo paso de aprobación».',
      cancel: 'Cancelar',
      saving: 'Guardando…',
      saveFailed: 'La versión no se guardó. Compruebe su conexión e inténtelo de nuevo.',
      saved: 'Versión guardada.',
      restoreTitle: '¿Restaurar la versión {{version}}?',
      restoreBody: 'Los pasos y las conexiones vuelven a como estaban en la versión {{version}}. Lo que tiene ahora queda en el historial, y puede deshacer la restauración justo después.',
      restoreConfirm: 'Restaurar la versión {{version}}',
      restoring: 'Restaurando…',
      restored: 'Versión {{version}} restaurada.',
      undo: 'Deshacer',
      undoing: 'Deshaciendo…',
      undoFailed: 'No se pudo deshacer la restauración. Inténtelo de nuevo.',
      undone: 'Se deshizo la restauración.',
      dismiss: 'Cerrar',
      current: 'Actual',
    },
  },
};
