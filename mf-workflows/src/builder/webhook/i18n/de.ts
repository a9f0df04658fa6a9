import type { WebhookTriggerCatalog } from './en';

export const de: WebhookTriggerCatalog = {
  workflows: {
    webhookTrigger: {
      answer: {
        title: 'Antwort an den Aufrufer',
        respond: 'Antwort',
        immediately: 'Sofort, mit der Lauf-ID',
        whenDone: 'Wenn der Lauf fertig ist, mit seiner Ausgabe',
        respondWith: 'Antworten mit der Ausgabe von',
        runOutput: 'Die Ausgabe des Laufs (alle Ausgabeschritte)',
        timeout: 'Höchstens warten (Sekunden)',
        timeoutHint: 'Danach erhält der Aufrufer die Lauf-ID und eine Adresse, um erneut nachzufragen.',
        timeoutRange: 'Geben Sie eine ganze Zahl von Sekunden zwischen {{min}} und {{max}} ein.',
      },
      listen: {
        title: 'Testereignis',
        intro: 'Senden Sie eine echte Anfrage an die Adresse oben: Sie wird als Beispieldaten dieses Auslösers gespeichert, und kein Lauf startet.',
        start: 'Auf Testereignis warten',
        waiting: 'Warten auf eine Anfrage… (bis {{time}})',
        stop: 'Warten beenden',
        expired: 'In 2 Minuten ist keine Anfrage eingegangen.',
        again: 'Erneut warten',
        captured: 'Testereignis um {{time}} empfangen: als Beispieldaten dieses Auslösers fixiert, damit die nächsten Schritte seine Felder auswählen können.',
        last: 'Letztes Testereignis um {{time}} empfangen.',
        pin: 'Als Beispieldaten verwenden',
        body: 'Daten',
        query: 'Abfrageparameter',
        headers: 'Header',
        failed: 'Das Warten konnte nicht beginnen. Versuchen Sie es erneut.',
        offline: 'Zum Warten ist eine Verbindung nötig.',
      },
    },
  },
};
