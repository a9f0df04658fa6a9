// English is the source catalog: its shape is the key set every language must fill.
export const en = {
  common: {
    appName: 'Agentflow',
    welcome: 'Welcome to Agentflow',
    loading: 'Loading…',
    error: 'Something failed. Please try again.',
    language: 'Language',
    guest: 'Guest',
    signedInAs: 'Signed in as {{name}}',
    signOut: 'Sign out',
  },
  nav: {
    home: 'Home',
    workflows: 'Workflows',
    billing: 'Billing',
    access: 'Access control',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    main: 'Main navigation',
  },
  errors: {
    title: 'Something went wrong',
    body: 'An unexpected error occurred. Please try refreshing the page.',
    tryAgain: 'Try Again',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    backHome: 'Back to home',
  },
  home: {
    title: 'Automate your business with AI agents',
    subtitle: 'Build agents and multi-agent workflows for sales, logistics, field services and real estate.',
    hostNote: 'Running inside: {{host}}',
  },
  workflows: {
    title: 'Workflows',
    subtitle: 'Find, copy, build and run multi-agent workflows.',
  },
  billing: {
    title: 'Billing',
    subtitle: 'Plans, payment methods, invoices and token usage.',
  },
  rbac: {
    title: 'Access control',
    subtitle: 'Roles, permissions, organizations and the audit log.',
  },
  pwa: {
    title: 'Install Agentflow',
    intro: 'Install Agentflow on your device to open it like an app.',
    iosTitle: 'On iPhone and iPad',
    iosStep1: 'Open this page in Safari.',
    iosStep2: 'Tap the Share button.',
    iosStep3: 'Choose “Add to Home Screen”, then tap Add.',
    androidTitle: 'On Android and desktop',
    androidStep1: 'Open this page in Chrome or Edge.',
    androidStep2: 'Open the browser menu.',
    androidStep3: 'Choose “Install app”, then confirm.',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Catalog = Widen<typeof en>;
