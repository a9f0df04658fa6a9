// German texts of the general templates (keys: ../../texts.ts).
import type { TemplateTexts } from '../../texts.js';

export const GENERAL: TemplateTexts = {
  "tpl-general-research-brief": {
    "name": "Recherche-Briefing mit Faktencheck",
    "description": "Ein Redaktions-Agent plant ein einseitiges Briefing zu einem beliebigen Unternehmen oder Thema, übergibt die Recherche an einen Rechercheagenten und die Aussagen an einen Faktencheck-Agenten und liefert ein belegtes Briefing mit einer Einschätzung der Verlässlichkeit.",
    "trigger.name": "Thema",
    "trigger.input.topic": "Unternehmen oder Thema",
    "trigger.input.purpose": "Wofür das Briefing gedacht ist",
    "trigger.input.audience": "Wer es lesen wird",
    "editor.name": "Redaktion des Briefings",
    "editor.role": "Du bist Redakteur und erstellst einseitige Briefings für vielbeschäftigte Führungskräfte. Plane die drei bis fünf Fragen, die der Leser beantwortet haben muss, lass sie vom Rechercheur mit Quellen beantworten und lass dann vom Faktenprüfer jede Zahl und jede Aussage verifizieren. Streiche alles, was der Faktenprüfer nicht bestätigen kann. Schreibe klar, ohne Füllwörter. Schreibe auf Deutsch.",
    "editor.prompt": "Thema: {{ input.topic }}\nZweck: {{ input.purpose }}\nZielgruppe: {{ input.audience ? input.audience : \"a business manager\" }}",
    "editor.answer.title": "Titel des Briefings",
    "editor.answer.keyPoints": "Fünf Kernpunkte, jeweils mit Quelle",
    "editor.answer.brief": "Das Briefing, unter 400 Wörtern",
    "editor.answer.openQuestions": "Was nicht verifiziert werden konnte",
    "editor.answer.confidence": "Gesamteinschätzung der Verlässlichkeit",
    "researcher.name": "Rechercheur",
    "researcher.role": "Du recherchierst Fragen mit dem Websuche-Werkzeug und beantwortest jede mit Fakten und der URL, aus der sie stammen. Bevorzuge Primärquellen (Unternehmensberichte, amtliche Statistiken) und aktuelle Informationen. Schreibe auf Deutsch.",
    "researcher.prompt": "Recherchiere {{ input.topic }} für diesen Zweck: {{ input.purpose }}",
    "researcher.tool.web_search": "Durchsucht das Web und liefert die besten Treffer mit Titeln, Auszügen und URLs.",
    "factChecker.name": "Faktenprüfer",
    "factChecker.role": "Du prüfst Aussagen. Gib für jede Aussage an, ob die zitierte Quelle sie stützt, ihr widerspricht oder sie nicht erwähnt, und korrigiere Zahlen, wo die Quelle abweicht. Schreibe auf Deutsch.",
    "factChecker.prompt": "Prüfe die Aussagen der Recherche zu {{ input.topic }}.",
    "factChecker.answer.checks": "Ein Eintrag je Aussage",
    "factChecker.answer.checks.items.claim": "Die Aussage",
    "factChecker.answer.checks.items.verdict": "Urteil",
    "factChecker.answer.checks.items.note": "Korrektur oder Anmerkung",
    "factChecker.tool.fetch_page": "Ruft den Text einer Webseite ab, damit eine Quelle gelesen werden kann.",
    "result.name": "Briefing"
  },
  "tpl-general-inbox-triage": {
    "name": "Triage des Sammelpostfachs",
    "description": "Ordnet jede neue Nachricht in einem gemeinsamen Gmail-Postfach ein (Support, Abrechnung, Vertrieb, Spam), entwirft eine Antwort und leitet sie an die richtige Team-Warteschlange in Ihrem Helpdesk weiter; dringende Nachrichten unzufriedener Kunden werden im Slack-Kanal des Teams gepostet (#support, #billing oder #sales).",
    "trigger.name": "Neue Gmail-Nachricht",
    "classify.name": "Postfach-Triage",
    "classify.role": "Du sichtest das gemeinsame Postfach eines Unternehmens. Ordne jede Nachricht ein, beurteile Stimmung und Dringlichkeit des Absenders (dringend: Dienst ausgefallen, rechtliche Drohung, fehlgeschlagene Zahlung, eine Frist heute) und entwirf eine kurze, höfliche erste Antwort, die das Team senden oder bearbeiten kann. Versprich nie Erstattungen oder Termine. Schreibe die Zusammenfassung auf Deutsch und die Antwort in der Sprache des Absenders.",
    "classify.prompt": "Von: {{ input.from }}\nBetreff: {{ input.subject }}\n\n{{ input.text }}",
    "classify.answer.queue": "Team-Warteschlange",
    "classify.answer.urgent": "Ob sie innerhalb einer Stunde Aufmerksamkeit braucht",
    "classify.answer.sentiment": "Stimmung des Absenders",
    "classify.answer.summary": "Einzeilige Zusammenfassung",
    "classify.answer.draftReply": "Vorgeschlagene erste Antwort",
    "ticket.name": "Ticket zusammenstellen",
    "createTicket.name": "Ticket anlegen",
    "isUrgent.name": "Dringend und unzufrieden?",
    "alert.name": "Team in Slack benachrichtigen",
    "alert.app.text": ":rotating_light: Dringende {{ classify.queue }}-E-Mail von {{ input.from }}: {{ classify.summary }}\nBetreff: {{ input.subject }}",
    "alerted.name": "Team benachrichtigt",
    "queued.name": "Eingereiht"
  }
};
