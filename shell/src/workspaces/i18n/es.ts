import type { WorkspaceSwitcherCatalog } from './en';

export const es: WorkspaceSwitcherCatalog = {
  workspaceSwitcher: {
    button: 'Espacio de trabajo: {{name}}',
    menu: 'Espacios de trabajo',
    personal: 'Espacio personal',
    loading: 'Cargando espacios de trabajo…',
    failed: 'No se pudieron cargar los espacios de trabajo.',
    retry: 'Reintentar',
    members: 'Miembros e invitaciones',
    create: 'Nuevo espacio de trabajo…',
    roles: {
      workspace_viewer: 'Puede ver',
      workspace_runner: 'Puede ejecutar',
      workspace_editor: 'Puede editar',
      workspace_admin: 'Administrador',
      workspace_owner: 'Propietario',
    },
    createDialog: {
      title: 'Nuevo espacio de trabajo',
      description: 'Un espacio de trabajo lo comparten sus miembros: sus flujos, credenciales y ejecuciones. Lo pagas con tu plan y después invitas a los miembros.',
      nameLabel: 'Nombre',
      nameRequired: 'Escribe un nombre para el espacio de trabajo.',
      nameTooLong: 'Usa como máximo {{max}} caracteres.',
      descriptionLabel: 'Descripción (opcional)',
      submit: 'Crear espacio de trabajo',
      creating: 'Creando…',
      cancel: 'Cancelar',
      failed: 'No se pudo crear el espacio de trabajo. Inténtalo de nuevo.',
      forbidden: 'Tu cuenta no puede crear espacios de trabajo.',
    },
  },
};
