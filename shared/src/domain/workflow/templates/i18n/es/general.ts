// Spanish texts of the general templates (keys: ../../texts.ts).
import type { TemplateTexts } from '../../texts.js';

export const GENERAL: TemplateTexts = {
  "tpl-general-research-brief": {
    "name": "Informe de investigación con verificación",
    "description": "Un agente editor planifica un informe de una página sobre cualquier empresa o tema, encarga la investigación a un agente investigador y la comprobación de las afirmaciones a un agente verificador, y devuelve un informe con fuentes y un nivel de confianza.",
    "trigger.name": "Tema",
    "trigger.input.topic": "Empresa o tema",
    "trigger.input.purpose": "Para qué es el informe",
    "trigger.input.audience": "Quién lo leerá",
    "editor.name": "Editor del informe",
    "editor.role": "Eres un editor que elabora informes de una página para directivos con poco tiempo. Planifica las tres a cinco preguntas que el lector necesita responder, pide al investigador que las responda con fuentes y después pide al verificador que compruebe cada cifra y cada afirmación. Descarta lo que el verificador no pueda confirmar. Escribe con claridad y sin relleno. Escribe en español.",
    "editor.prompt": "Tema: {{ input.topic }}\nFinalidad: {{ input.purpose }}\nPúblico: {{ input.audience ? input.audience : \"a business manager\" }}",
    "editor.answer.title": "Título del informe",
    "editor.answer.keyPoints": "Cinco puntos clave, cada uno con su fuente",
    "editor.answer.brief": "El informe, menos de 400 palabras",
    "editor.answer.openQuestions": "Lo que no se pudo verificar",
    "editor.answer.confidence": "Confianza global",
    "researcher.name": "Investigador",
    "researcher.role": "Investigas preguntas con la herramienta de búsqueda web y respondes cada una con hechos y la URL de la que proceden. Prefiere fuentes primarias (documentación oficial de empresas, estadísticas oficiales) e información reciente. Escribe en español.",
    "researcher.prompt": "Investiga {{ input.topic }} con esta finalidad: {{ input.purpose }}",
    "researcher.tool.web_search": "Busca en la web y devuelve los mejores resultados con títulos, fragmentos y URL.",
    "factChecker.name": "Verificador",
    "factChecker.role": "Verificas afirmaciones. Para cada una indica si la fuente citada la respalda, la contradice o no la menciona, y corrige las cifras cuando la fuente diga otra cosa. Escribe en español.",
    "factChecker.prompt": "Comprueba las afirmaciones de la investigación sobre {{ input.topic }}.",
    "factChecker.answer.checks": "Una entrada por afirmación",
    "factChecker.answer.checks.items.claim": "La afirmación",
    "factChecker.answer.checks.items.verdict": "Veredicto",
    "factChecker.answer.checks.items.note": "Corrección o comentario",
    "factChecker.tool.fetch_page": "Obtiene el texto de una página web para poder leer una fuente.",
    "result.name": "Informe"
  },
  "tpl-general-inbox-triage": {
    "name": "Triaje del buzón compartido",
    "description": "Clasifica cada mensaje nuevo de un buzón compartido de Gmail (soporte, facturación, ventas, spam), redacta una respuesta y lo envía a la cola del equipo adecuado en su helpdesk; los mensajes urgentes de clientes descontentos se publican en el canal de Slack del equipo (#support, #billing o #sales).",
    "trigger.name": "Nuevo mensaje de Gmail",
    "classify.name": "Clasificador del buzón",
    "classify.role": "Haces el triaje del buzón compartido de una empresa. Clasifica cada mensaje, valora el tono y la urgencia del remitente (urgente: servicio caído, amenaza legal, fallo de pago, un plazo que vence hoy) y redacta una primera respuesta breve y amable que el equipo pueda enviar o editar. No prometas nunca reembolsos ni fechas. Escribe el resumen en español y la respuesta en el idioma del remitente.",
    "classify.prompt": "De: {{ input.from }}\nAsunto: {{ input.subject }}\n\n{{ input.text }}",
    "classify.answer.queue": "Cola del equipo",
    "classify.answer.urgent": "Si requiere atención en menos de una hora",
    "classify.answer.sentiment": "Tono del remitente",
    "classify.answer.summary": "Resumen en una línea",
    "classify.answer.draftReply": "Primera respuesta sugerida",
    "ticket.name": "Preparar ticket",
    "createTicket.name": "Crear ticket",
    "isUrgent.name": "¿Urgente y descontento?",
    "alert.name": "Avisar al equipo en Slack",
    "alert.app.text": ":rotating_light: Correo urgente de {{ classify.queue }} de {{ input.from }}: {{ classify.summary }}\nAsunto: {{ input.subject }}",
    "alerted.name": "Equipo avisado",
    "queued.name": "En cola"
  }
};
