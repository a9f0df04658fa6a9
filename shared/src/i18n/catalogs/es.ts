import type { Catalog } from './en.js';

export const es: Catalog = {
  common: {
    appName: 'Agentflow',
    welcome: 'Bienvenido a Agentflow',
    loading: 'Cargando…',
    error: 'Algo ha fallado. Vuelve a intentarlo.',
    language: 'Idioma',
    guest: 'Invitado',
    signedInAs: 'Sesión iniciada como {{name}}',
    signOut: 'Cerrar sesión',
  },
  nav: {
    home: 'Inicio',
    workflows: 'Flujos de trabajo',
    billing: 'Facturación',
    access: 'Control de acceso',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    main: 'Navegación principal',
  },
  errors: {
    title: 'Algo salió mal',
    body: 'Se produjo un error inesperado. Intenta actualizar la página.',
    tryAgain: 'Reintentar',
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'La página que buscas no existe o se ha movido.',
    backHome: 'Volver al inicio',
  },
  home: {
    title: 'Automatiza tu negocio con agentes de IA',
    subtitle: 'Crea agentes y flujos multiagente para ventas, logística, servicios de campo e inmobiliaria.',
    hostNote: 'Ejecutándose dentro de: {{host}}',
  },
  workflows: {
    title: 'Flujos de trabajo',
    subtitle: 'Encuentra, copia, crea y ejecuta flujos de trabajo multiagente.',
  },
  billing: {
    title: 'Facturación',
    subtitle: 'Planes, métodos de pago, facturas y consumo de tokens.',
  },
  rbac: {
    title: 'Control de acceso',
    subtitle: 'Roles, permisos, organizaciones y registro de auditoría.',
  },
  pwa: {
    title: 'Instalar Agentflow',
    intro: 'Instala Agentflow en tu dispositivo para abrirlo como una aplicación.',
    iosTitle: 'En iPhone y iPad',
    iosStep1: 'Abre esta página en Safari.',
    iosStep2: 'Toca el botón Compartir.',
    iosStep3: 'Elige «Añadir a pantalla de inicio» y toca Añadir.',
    androidTitle: 'En Android y en el ordenador',
    androidStep1: 'Abre esta página en Chrome o Edge.',
    androidStep2: 'Abre el menú del navegador.',
    androidStep3: 'Elige «Instalar aplicación» y confirma.',
  },
};
