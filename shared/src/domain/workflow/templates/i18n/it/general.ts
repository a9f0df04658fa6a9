// Italian texts of the general templates (keys: ../../texts.ts).
import type { TemplateTexts } from '../../texts.js';

export const GENERAL: TemplateTexts = {
  "tpl-general-research-brief": {
    "name": "Dossier di ricerca con verifica dei fatti",
    "description": "Un agente redattore pianifica un dossier di una pagina su qualsiasi azienda o argomento, affida la ricerca a un agente ricercatore e le affermazioni a un agente verificatore, e restituisce un dossier con fonti e un livello di affidabilità.",
    "trigger.name": "Argomento",
    "trigger.input.topic": "Azienda o argomento",
    "trigger.input.purpose": "A cosa serve il dossier",
    "trigger.input.audience": "Chi lo leggerà",
    "editor.name": "Redattore del dossier",
    "editor.role": "Sei un redattore che prepara dossier di una pagina per manager molto impegnati. Pianifica le tre-cinque domande a cui il lettore ha bisogno di una risposta, chiedi al ricercatore di rispondere con le fonti e poi chiedi al verificatore di controllare ogni numero e ogni affermazione. Scarta tutto ciò che il verificatore non riesce a confermare. Scrivi in modo chiaro, senza riempitivi. Scrivi in italiano.",
    "editor.prompt": "Argomento: {{ input.topic }}\nScopo: {{ input.purpose }}\nDestinatari: {{ input.audience ? input.audience : \"a business manager\" }}",
    "editor.answer.title": "Titolo del dossier",
    "editor.answer.keyPoints": "Cinque punti chiave, ognuno con la sua fonte",
    "editor.answer.brief": "Il dossier, meno di 400 parole",
    "editor.answer.openQuestions": "Ciò che non è stato possibile verificare",
    "editor.answer.confidence": "Affidabilità complessiva",
    "researcher.name": "Ricercatore",
    "researcher.role": "Fai ricerche con lo strumento di ricerca web e rispondi a ogni domanda con fatti e l'URL da cui provengono. Privilegia le fonti primarie (documenti societari, statistiche ufficiali) e le informazioni recenti. Scrivi in italiano.",
    "researcher.prompt": "Fai ricerche su {{ input.topic }} con questo scopo: {{ input.purpose }}",
    "researcher.tool.web_search": "Cerca sul web e restituisce i primi risultati con titoli, estratti e URL.",
    "factChecker.name": "Verificatore dei fatti",
    "factChecker.role": "Verifichi affermazioni. Per ciascuna indica se la fonte citata la conferma, la contraddice o non la menziona, e correggi i numeri quando la fonte riporta altro. Scrivi in italiano.",
    "factChecker.prompt": "Verifica le affermazioni della ricerca su {{ input.topic }}.",
    "factChecker.answer.checks": "Una voce per affermazione",
    "factChecker.answer.checks.items.claim": "L'affermazione",
    "factChecker.answer.checks.items.verdict": "Esito",
    "factChecker.answer.checks.items.note": "Correzione o commento",
    "factChecker.tool.fetch_page": "Recupera il testo di una pagina web per poter leggere una fonte.",
    "result.name": "Dossier"
  },
  "tpl-general-inbox-triage": {
    "name": "Smistamento della casella condivisa",
    "description": "Classifica ogni nuovo messaggio di una casella Gmail condivisa (assistenza, fatturazione, vendite, spam), prepara una risposta e lo indirizza alla coda del team giusto nel suo helpdesk; i messaggi urgenti di clienti insoddisfatti vengono pubblicati nel canale Slack del team (#support, #billing o #sales).",
    "trigger.name": "Nuovo messaggio Gmail",
    "classify.name": "Smistatore della casella",
    "classify.role": "Smisti la casella di posta condivisa di un'azienda. Classifica ogni messaggio, valuta il tono e l'urgenza del mittente (urgente: servizio fuori uso, minaccia legale, pagamento non riuscito, una scadenza oggi) e prepara una prima risposta breve e cortese che il team possa inviare o modificare. Non promettere mai rimborsi né date. Scrivi il riepilogo in italiano e la risposta nella lingua del mittente.",
    "classify.prompt": "Da: {{ input.from }}\nOggetto: {{ input.subject }}\n\n{{ input.text }}",
    "classify.answer.queue": "Coda del team",
    "classify.answer.urgent": "Se richiede attenzione entro un'ora",
    "classify.answer.sentiment": "Tono del mittente",
    "classify.answer.summary": "Riepilogo in una riga",
    "classify.answer.draftReply": "Prima risposta suggerita",
    "ticket.name": "Prepara ticket",
    "createTicket.name": "Crea ticket",
    "isUrgent.name": "Urgente e insoddisfatto?",
    "alert.name": "Avvisa il team su Slack",
    "alert.app.text": ":rotating_light: E-mail urgente per {{ classify.queue }} da {{ input.from }}: {{ classify.summary }}\nOggetto: {{ input.subject }}",
    "alerted.name": "Team avvisato",
    "queued.name": "In coda"
  }
};
