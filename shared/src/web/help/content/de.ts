import type { HelpCatalog } from '../topics.js';

export const de: HelpCatalog = {
  topics: {
    home: {
      title: 'Willkommen bei Agentflow',
      intro: 'Mit Agentflow erstellt Ihr Team KI-Agenten und Multi-Agenten-Abläufe, die Routinearbeit in Vertrieb, Logistik, Außendienst und Immobilien übernehmen.',
      tips: [
        'Über das Menü oben wechseln Sie zwischen Startseite, Abläufe, Abrechnung und Zugriffskontrolle. Auf dem Smartphone öffnen Sie es mit der Menütaste (☰).',
        'Wählen Sie in der Kopfzeile „Anmelden“, um sich mit Ihrer E-Mail-Adresse oder Ihrem Google-Konto anzumelden, oder „Demo ausprobieren“, um sich ohne Konto umzusehen.',
        'Die Sprache ändern Sie jederzeit mit der Sprachauswahl in der Kopfzeile. Wenn Sie angemeldet sind, merkt sich Agentflow Ihre Wahl auf allen Geräten.',
        'Öffnen Sie die Hilfe auf jeder Seite: Die Seitenleiste zeigt Tipps zur aktuellen Seite, und Sie können zu jedem anderen Thema wechseln.',
        'Lädt eine Seite nicht, wählen Sie „Erneut versuchen“. Klappt es dann immer noch nicht, prüfen Sie Ihre Verbindung und laden Sie die Seite neu.',
      ],
    },
    workflows: {
      title: 'Abläufe',
      intro: 'Ein Ablauf ist eine Gruppe von KI-Agenten, die gemeinsam eine Aufgabe erledigen, etwa Leads qualifizieren oder Lieferungen planen. Hier finden, kopieren, erstellen und starten Sie Abläufe.',
      tips: [
        'Suchen Sie nach Namen oder filtern Sie nach Branche (Vertrieb, Logistik, Außendienst oder Immobilien), um nur die Abläufe für Ihr Geschäft zu sehen.',
        'Branchenvorlagen sind fertige Abläufe. Öffnen Sie eine Vorlage, um vor der Nutzung zu sehen, was jeder Agent tut.',
        'Kopieren Sie eine Vorlage, um eine eigene Version zu erhalten, die Sie frei anpassen können; die Originalvorlage bleibt unverändert.',
        'Erstellen oder ändern Sie einen Ablauf im visuellen Editor: Fügen Sie Agenten hinzu, verbinden Sie sie in der Reihenfolge, in der die Arbeit laufen soll, und speichern Sie.',
        'Starten Sie einen Ablauf und verfolgen Sie den Fortschritt in der Liste der Ausführungen. Jede Ausführung zeigt ihren Status, ihr Ergebnis und die verbrauchten Tokens.',
        'Schlägt eine Ausführung fehl, öffnen Sie sie, lesen Sie die Fehlermeldung, passen Sie den Ablauf an und starten Sie ihn erneut. Startet eine Ausführung gar nicht, sind womöglich Ihre Tokens für diesen Monat aufgebraucht.',
      ],
    },
    billing: {
      title: 'Abrechnung und Tokens',
      intro: 'Ihr Tarif legt fest, wie viele Tokens Ihre Abläufe pro Monat verbrauchen dürfen. Hier vergleichen Sie Tarife, wechseln in einen höheren Tarif und verwalten Zahlungsmethoden und Rechnungen.',
      tips: [
        'Jeder Tarif enthält ein monatliches Token-Kontingent. Die Abrechnungsseite zeigt, wie viele Tokens Sie diesen Monat verbraucht haben und wie viele noch übrig sind.',
        'Für ein Upgrade wählen Sie einen Tarif: Sie bezahlen auf der sicheren Bezahlseite von Stripe, und das neue Kontingent gilt, sobald die Zahlung eingegangen ist.',
        'Im Abrechnungsportal fügen Sie Zahlungsmethoden hinzu oder ändern sie und laden frühere Rechnungen herunter.',
        'Sind Ihre Tokens aufgebraucht, starten keine neuen Ausführungen mehr, bis sich das Kontingent zu Beginn des nächsten Abrechnungszeitraums erneuert oder Sie in einen höheren Tarif wechseln.',
        'Wenn Sie kündigen, bleibt Ihr Tarif bis zum Ende des bezahlten Zeitraums aktiv; danach wird nichts mehr abgebucht.',
        'Schlägt eine Zahlung fehl, aktualisieren Sie Ihre Zahlungsmethode im Abrechnungsportal; Ihr Tarif läuft weiter, sobald die Zahlung gelingt.',
      ],
    },
    access: {
      title: 'Zugriffskontrolle',
      intro: 'Die Zugriffskontrolle legt fest, wer was sehen und ändern darf. Personen erhalten Rollen, jede Rolle gewährt bestimmte Berechtigungen, und Organisationen fassen Personen zusammen, die zusammenarbeiten.',
      tips: [
        'Jede Rolle gewährt bestimmte Berechtigungen, etwa Abläufe ansehen oder starten oder Zugriffe verwalten. Öffnen Sie eine Rolle, um genau zu sehen, was sie erlaubt.',
        'Eine Organisation fasst die Personen eines Unternehmens oder Teams zusammen, damit sie Abläufe gemeinsam nutzen und gemeinsam verwaltet werden können.',
        'Um jemandem Zugriff zu geben, weisen Sie ihm eine Rolle zu, bei Bedarf innerhalb einer Organisation. Um den Zugriff zu entziehen, entfernen Sie die Rolle; die Änderung gilt sofort.',
        'Nur Administratoren können Rollen zuweisen oder entfernen und Organisationen ändern. Brauchen Sie mehr Zugriff, wenden Sie sich an einen Administrator.',
        'Jede Änderung der Zugriffe wird im Prüfprotokoll festgehalten, mit Urheber und Zeitpunkt. Das Protokoll lässt sich nicht bearbeiten.',
      ],
    },
    install: {
      title: 'App installieren',
      intro: 'Installieren Sie Agentflow auf Smartphone, Tablet oder Computer, um es wie jede andere App zu öffnen, mit eigenem Symbol und eigenem Fenster.',
      tips: [
        'Auf iPhone oder iPad öffnen Sie Agentflow in Safari, tippen auf „Teilen“, wählen „Zum Home-Bildschirm“ und tippen auf „Hinzufügen“.',
        'Auf Android öffnen Sie Agentflow in Chrome, öffnen das Menü (⋮) und wählen „App installieren“.',
        'Am Computer öffnen Sie Agentflow in Chrome oder Edge und klicken auf das Installationssymbol rechts in der Adressleiste.',
        'Nachdem Sie Agentflow einmal online geöffnet haben, startet es auch ohne Verbindung. Für das Ausführen von Abläufen und für Zahlungen brauchen Sie weiterhin Internet.',
        'Ist eine neue Version bereit, bittet Sie eine Meldung, die Seite neu zu laden. Laden Sie neu, um sie zu verwenden.',
      ],
    },
    account: {
      title: 'Ihr Konto',
      intro: 'Ihr Konto speichert Ihr Profil und Ihre Einstellungen, etwa die Sprache, und begleitet Sie auf jedes Gerät, auf dem Sie sich anmelden.',
      tips: [
        'Melden Sie sich mit E-Mail-Adresse und Passwort oder mit „Weiter mit Google“ an. Neu bei Agentflow? Wählen Sie auf der Anmeldeseite „Konto erstellen“.',
        '„Demo ausprobieren“ meldet Sie bei einem gemeinsamen Demo-Konto an, mit dem Sie sich umsehen können. Es hat kein Profil, daher gibt es dort nichts zu bearbeiten.',
        'Passwort vergessen? Wählen Sie auf der Anmeldeseite „Passwort vergessen?“, geben Sie Ihre E-Mail-Adresse ein und folgen Sie dem Link, den wir Ihnen senden.',
        'Klicken Sie in der Kopfzeile auf Ihren Namen und wählen Sie „Profil“, um Anzeigenamen, Telefonnummer und Sprache zu ändern; speichern Sie dann Ihre Änderungen.',
        'Zum Abmelden klicken Sie in der Kopfzeile auf Ihren Namen und wählen „Abmelden“. Auf einem gemeinsam genutzten Computer sollten Sie das immer tun.',
      ],
    },
    voice: {
      title: 'Sprachbefehle',
      intro: 'Steuern Sie Agentflow per Sprache: Seiten öffnen, Abläufe suchen und starten oder die Sprache wechseln, in jeder der fünf Sprachen.',
      tips: [
        'Klicken oder tippen Sie auf die Mikrofontaste in der Kopfzeile und erlauben Sie den Mikrofonzugriff, wenn Ihr Browser zum ersten Mal danach fragt.',
        'Sprechen Sie einen einzigen Befehl und warten Sie, bis Agentflow reagiert. Um das Zuhören zu beenden, drücken Sie die Taste erneut.',
        'Versuchen Sie „Abläufe öffnen“, „Abläufe nach Rechnungen durchsuchen“, „Ablauf Zahlungserinnerungen starten“ oder „Hilfe öffnen“.',
        'Sagen Sie „Sprache auf Englisch ändern“, um die Sprache zu wechseln, oder „Abmelden“, um Ihre Sitzung zu beenden.',
        'Passt kein Befehl, zeigt Agentflow, was es verstanden hat, und schlägt Befehle vor. Sprechen Sie deutlich und nah am Mikrofon.',
        'Ist das Mikrofon blockiert, erlauben Sie es in den Website-Einstellungen Ihres Browsers und versuchen Sie es erneut.',
      ],
    },
  },
  voiceUnsupported: 'Dieser Browser bietet keine Spracherkennung, deshalb ist die Mikrofontaste ausgeblendet. Mit Chrome, Edge oder Safari können Sie Befehle per Sprache geben.',
};
