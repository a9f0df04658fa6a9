import type { Catalog } from './en.js';

export const de: Catalog = {
  common: {
    appName: 'Agentflow',
    welcome: 'Willkommen bei Agentflow',
    loading: 'Wird geladen…',
    error: 'Etwas ist fehlgeschlagen. Bitte versuche es erneut.',
    language: 'Sprache',
    guest: 'Gast',
    signedInAs: 'Angemeldet als {{name}}',
    signOut: 'Abmelden',
  },
  nav: {
    home: 'Startseite',
    workflows: 'Abläufe',
    billing: 'Abrechnung',
    access: 'Zugriffskontrolle',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schließen',
    main: 'Hauptnavigation',
  },
  errors: {
    title: 'Etwas ist schiefgelaufen',
    body: 'Ein unerwarteter Fehler ist aufgetreten. Bitte lade die Seite neu.',
    tryAgain: 'Erneut versuchen',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    body: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
    backHome: 'Zur Startseite',
  },
  home: {
    title: 'Automatisiere dein Unternehmen mit KI-Agenten',
    subtitle: 'Erstelle Agenten und Multi-Agenten-Abläufe für Vertrieb, Logistik, Außendienst und Immobilien.',
    hostNote: 'Läuft innerhalb von: {{host}}',
  },
  workflows: {
    title: 'Abläufe',
    subtitle: 'Multi-Agenten-Abläufe finden, kopieren, erstellen und ausführen.',
  },
  billing: {
    title: 'Abrechnung',
    subtitle: 'Tarife, Zahlungsmethoden, Rechnungen und Token-Verbrauch.',
  },
  rbac: {
    title: 'Zugriffskontrolle',
    subtitle: 'Rollen, Berechtigungen, Organisationen und Prüfprotokoll.',
  },
  pwa: {
    title: 'Agentflow installieren',
    intro: 'Installiere Agentflow auf deinem Gerät, um es wie eine App zu öffnen.',
    iosTitle: 'Auf iPhone und iPad',
    iosStep1: 'Öffne diese Seite in Safari.',
    iosStep2: 'Tippe auf die Teilen-Taste.',
    iosStep3: 'Wähle „Zum Home-Bildschirm“ und tippe auf Hinzufügen.',
    androidTitle: 'Auf Android und am Computer',
    androidStep1: 'Öffne diese Seite in Chrome oder Edge.',
    androidStep2: 'Öffne das Browsermenü.',
    androidStep3: 'Wähle „App installieren“ und bestätige.',
  },
};
