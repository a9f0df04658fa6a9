import type { NotificationPreferencesCatalog } from './en';

export const es: NotificationPreferencesCatalog = {
  notificationPreferences: {
    title: 'Notificaciones',
    intro: 'Elige cómo te enteras de cada tipo de evento. Los cambios se guardan al instante.',
    loading: 'Cargando tus preferencias…',
    loadFailed: 'No se pudieron cargar tus preferencias de notificación.',
    retry: 'Reintentar',
    kindColumn: 'Cuando',
    kinds: {
      approval_waiting: 'Una aprobación me espera',
      run_failed: 'Una ejecución mía falló',
      run_refused: 'Se rechazó una ejecución (tokens, plan)',
      invitation: 'Me invitan a un espacio de trabajo',
    },
    channels: {
      inApp: 'En la aplicación',
      email: 'Correo electrónico',
      slack: 'Slack',
      teams: 'Teams',
    },
    unavailable: {
      inApp: 'Las notificaciones en la aplicación no están disponibles ahora.',
      email: 'El correo necesita una dirección verificada y un servidor de correo configurado por tu administrador.',
      slack: 'Slack necesita una conexión de Slack: añade una en Credenciales.',
      teams: 'Teams necesita una conexión de Microsoft Teams: añade una en Credenciales.',
    },
    saved: 'Guardado.',
    saveFailed: 'No se pudo guardar tu cambio. Vuelve a intentarlo.',
  },
};
