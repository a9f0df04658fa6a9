import type { CodeCatalog } from './en';

export const de: CodeCatalog = {
  workflows: {
    code: {
      label: 'Skript (JavaScript)',
      loading: 'Der Code-Editor wird geladen…',
      hintBody: 'Ihr Code ist der Rumpf einer asynchronen Funktion: Sie können await verwenden, und was Sie zurückgeben, ist die Ausgabe dieses Schritts.',
      hintInput: '„input“ (oder „$“) enthält die Eingabe des Schritts: input.input ist die Eingabe des Laufs.',
      hintUpstream: 'Ausgaben vorheriger Schritte nach Schlüssel: {{keys}}.',
      hintConsole: 'Zeilen von console.log werden im Schrittprotokoll des Laufs gespeichert. Kein Netzwerk, keine Dateien, keine Timer: der Code rechnet nur.',
      hintItem: 'In der Schleife: input.item ist das aktuelle Element und input.index seine Position (0 für das erste).',
      syntaxError: 'Syntaxfehler in Zeile {{line}}, Spalte {{column}}',
      syntaxErrorMore: 'Syntaxfehler in Zeile {{line}}, Spalte {{column}} (und {{count}} weitere)',
      syntaxOk: 'Keine Syntaxfehler',
      logs: 'Konsolenzeilen: {{count}}',
    },
  },
};
