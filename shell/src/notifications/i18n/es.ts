import type { NotificationsCatalog } from './en';

export const es: NotificationsCatalog = {
  notifications: {
    title: 'Notificaciones',
    button: 'Notificaciones: ninguna sin leer',
    buttonUnread_one: 'Notificaciones: {{count}} sin leer',
    buttonUnread_other: 'Notificaciones: {{count}} sin leer',
    buttonMore: 'Notificaciones: más de {{count}} sin leer',
    empty: 'No hay notificaciones nuevas.',
    failed: 'No se pudieron cargar las notificaciones.',
    markAllRead: 'Marcar todo como leído',
    markFailed: 'No se pudo marcar como leído. Inténtalo de nuevo.',
    viewRun: 'Ver la ejecución',
    seePlans: 'Ver los planes',
    times: '{{count}} veces',
    approvalsLink: 'Aprobaciones',
    approvalsLinkWaiting_one: 'Aprobaciones: {{count}} te espera',
    approvalsLinkWaiting_other: 'Aprobaciones: {{count}} te esperan',
    approvalsLinkMore: 'Aprobaciones: más de {{count}} te esperan',
    approval: {
      waiting: '«{{name}}» espera tu aprobación.',
      waitingFrom: '{{by}} espera tu aprobación en «{{name}}».',
      open: 'Abrir en aprobaciones',
    },
    runFailed: {
      plain: 'Una ejecución de «{{name}}» falló.',
      withError: 'Una ejecución de «{{name}}» falló: {{error}}',
    },
    invitation: {
      plain: 'Te invitaron al espacio de trabajo «{{workspace}}» como {{role}}.',
      from: '{{by}} te invitó al espacio de trabajo «{{workspace}}» como {{role}}.',
      open: 'Ver la invitación',
    },
    roles: {
      workspace_viewer: 'Lector del espacio',
      workspace_runner: 'Ejecutor del espacio',
      workspace_editor: 'Editor del espacio',
      workspace_admin: 'Administrador del espacio',
      workspace_owner: 'Propietario del espacio',
    },
    refused: {
      webhook: 'Ejecución por webhook de «{{name}}» rechazada: {{reason}}',
      schedule: 'Ejecución programada de «{{name}}» rechazada: {{reason}}',
    },
    reasons: {
      insufficient_tokens: 'te has quedado sin tokens',
      plan_required_webhook: 'tu plan no incluye disparadores webhook',
      plan_required_schedule: 'tu plan no incluye disparadores programados',
      credential_missing: 'falta una credencial',
    },
  },
};
