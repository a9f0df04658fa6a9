import type { FlowStepsCatalog } from './en';

export const de: FlowStepsCatalog = {
  workflows: {
    flow: {
      wait: {
        mode: 'Warten',
        modes: { duration: 'Eine Weile', until: 'Bis zu einem Zeitpunkt' },
        amount: 'Wie lange',
        unit: 'Einheit',
        units: { seconds: 'Sekunden', minutes: 'Minuten', hours: 'Stunden', days: 'Tage' },
        at: 'Datum und Uhrzeit',
        atHint: 'Ein Zeitpunkt wie 2026-12-01T09:00, oder fügen Sie ein Feld ein, das einen enthält.',
        timeZone: 'Zeitzone',
        timeZoneHint: 'Gilt, wenn der Zeitpunkt keinen Versatz nennt; leer bedeutet UTC.',
        note: 'Eine Wartezeit von mehr als ein paar Sekunden pausiert den Lauf: Er geht zur eingestellten Zeit weiter, auch nach einem Neustart. Höchstens 365 Tage.',
      },
      sub: {
        workflow: 'Auszuführender Workflow',
        choose: 'Workflow auswählen',
        loading: 'Ihre Workflows werden geladen…',
        loadFailed: 'Ihre Workflows konnten nicht geladen werden.',
        none: 'Kein anderer Workflow mit manuellem Auslöser, den Sie ausführen dürfen.',
        notListed: 'Der gewählte Workflow ist nicht mehr in Ihrer Liste: Wählen Sie einen anderen.',
        note: 'Führt den gewählten Workflow als eigenen Lauf aus, wartet auf sein Ende und gibt seine Ausgabe weiter. Die Felder seines manuellen Auslösers sind seine Eingabe.',
        inputs: 'Eingabe von {{name}}',
        noInputs: '{{name}} verlangt keine Eingabe.',
        required: 'Pflichtfeld',
      },
      links: {
        childRun: 'Lauf des Unter-Workflows öffnen',
        parentRun: 'Von einem Unter-Workflow-Schritt eines anderen Laufs gestartet: diesen Lauf öffnen',
      },
    },
  },
};
