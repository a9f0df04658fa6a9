import type { TeamMovedCatalog } from './en';

export const es: TeamMovedCatalog = {
  billing: {
    teamMoved: {
      heading: 'Tu equipo es ahora un espacio de trabajo',
      body: 'Los miembros, sus roles y las invitaciones están en el espacio de trabajo donde trabajan. Cámbiate a él en el menú de espacios de la cabecera, o crea uno con «Nuevo espacio de trabajo…», y luego invita a las personas desde su página de miembros.',
      seats: 'Las plazas dependen del plan del propietario del espacio: {{free}} con Gratis, {{basic}} con Básico, {{premium}} con Avanzado y sin límite con Empresa. Los miembros ejecutan los flujos con el plan del propietario.',
      members: 'Abrir los miembros del espacio',
      plans: 'Comparar planes',
    },
  },
};
