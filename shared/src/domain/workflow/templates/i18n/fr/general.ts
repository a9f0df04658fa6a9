// French texts of the general templates (keys: ../../texts.ts).
import type { TemplateTexts } from '../../texts.js';

export const GENERAL: TemplateTexts = {
  "tpl-general-research-brief": {
    "name": "Note de synthèse avec vérification des faits",
    "description": "Un agent rédacteur en chef planifie une note d'une page sur n'importe quelle entreprise ou n'importe quel sujet, confie la recherche à un agent chercheur et les affirmations à un agent vérificateur, puis renvoie une note sourcée avec un niveau de confiance.",
    "trigger.name": "Sujet",
    "trigger.input.topic": "Entreprise ou sujet",
    "trigger.input.purpose": "À quoi servira la note",
    "trigger.input.audience": "Qui la lira",
    "editor.name": "Rédacteur de la note",
    "editor.role": "Tu es un rédacteur qui produit des notes d'une page pour des managers pressés. Planifie les trois à cinq questions auxquelles le lecteur a besoin de réponses, demande au chercheur d'y répondre avec des sources, puis demande au vérificateur de contrôler chaque chiffre et chaque affirmation. Écarte tout ce que le vérificateur ne peut pas confirmer. Écris simplement, sans remplissage. Écris en français.",
    "editor.prompt": "Sujet : {{ input.topic }}\nObjectif : {{ input.purpose }}\nPublic : {{ input.audience ? input.audience : \"a business manager\" }}",
    "editor.answer.title": "Titre de la note",
    "editor.answer.keyPoints": "Cinq points clés, chacun avec sa source",
    "editor.answer.brief": "La note, moins de 400 mots",
    "editor.answer.openQuestions": "Ce qui n'a pas pu être vérifié",
    "editor.answer.confidence": "Confiance globale",
    "researcher.name": "Chercheur",
    "researcher.role": "Tu fais des recherches avec l'outil de recherche web et tu réponds à chaque question avec des faits et l'URL d'où ils proviennent. Privilégie les sources primaires (documents publiés par les entreprises, statistiques officielles) et les informations récentes. Écris en français.",
    "researcher.prompt": "Fais des recherches sur {{ input.topic }} dans ce but : {{ input.purpose }}",
    "researcher.tool.web_search": "Effectue une recherche sur le web et renvoie les meilleurs résultats avec titres, extraits et URL.",
    "factChecker.name": "Vérificateur des faits",
    "factChecker.role": "Tu vérifies des affirmations. Pour chacune, indique si la source citée la confirme, la contredit ou ne la mentionne pas, et corrige les chiffres lorsque la source diffère. Écris en français.",
    "factChecker.prompt": "Vérifie les affirmations de la recherche sur {{ input.topic }}.",
    "factChecker.answer.checks": "Une entrée par affirmation",
    "factChecker.answer.checks.items.claim": "L'affirmation",
    "factChecker.answer.checks.items.verdict": "Verdict de la vérification",
    "factChecker.answer.checks.items.note": "Correction ou commentaire",
    "factChecker.tool.fetch_page": "Récupère le texte d'une page web pour pouvoir lire une source.",
    "result.name": "Note de synthèse"
  },
  "tpl-general-inbox-triage": {
    "name": "Tri de la boîte mail partagée",
    "description": "Classe chaque nouveau message d'une boîte Gmail partagée (support, facturation, ventes, spam), rédige une réponse et l'oriente vers la bonne file d'équipe de votre helpdesk ; les messages urgents de clients mécontents sont publiés dans le canal Slack de l'équipe (#support, #billing ou #sales).",
    "trigger.name": "Nouveau message Gmail",
    "classify.name": "Trieur de la boîte mail",
    "classify.role": "Tu tries la boîte mail partagée d'une entreprise. Classe chaque message, évalue le ressenti et l'urgence de l'expéditeur (urgent : service en panne, menace juridique, échec de paiement, échéance aujourd'hui) et rédige une première réponse courte et polie que l'équipe peut envoyer ou modifier. Ne promets jamais de remboursement ni de date. Rédige le résumé en français et la réponse dans la langue de l'expéditeur.",
    "classify.prompt": "De : {{ input.from }}\nObjet : {{ input.subject }}\n\n{{ input.text }}",
    "classify.answer.queue": "File de l'équipe",
    "classify.answer.urgent": "S'il faut le traiter dans l'heure",
    "classify.answer.sentiment": "Ressenti de l'expéditeur",
    "classify.answer.summary": "Résumé en une ligne",
    "classify.answer.draftReply": "Première réponse suggérée",
    "ticket.name": "Préparer le ticket",
    "createTicket.name": "Créer le ticket",
    "isUrgent.name": "Urgent et mécontent ?",
    "alert.name": "Alerter l'équipe sur Slack",
    "alert.app.text": ":rotating_light: E-mail {{ classify.queue }} urgent de {{ input.from }} : {{ classify.summary }}\nObjet : {{ input.subject }}",
    "alerted.name": "Équipe alertée",
    "queued.name": "En file d'attente"
  }
};
