import type { VoicePhrases } from './types.js';

const OPEN =
  '(abre|abrir|ábreme|abra|muestra|muéstrame|mostrar|enséñame|ver|mira|ve a|ve al|ir a|ir al|vete a|vete al|vamos a|vamos al|llévame a|llévame al|navega a|navega al|vuelve a|vuelve al|volver a|volver al|regresa a|regresa al|cambia a|pasa a|entra en|entra a|entrar en)';
const THE =
  '[el|la|los|las|mi|mis|todos los|la página de|la página del|la sección de|la sección del|la pantalla de|la lista de]';

/** "abre los flujos de trabajo", "ve a facturación", "permisos" … */
const place = (nouns: string) => [`${OPEN} ${THE} ${nouns}`, `${THE} ${nouns}`];

const FLOWS = '(flujos de trabajo|flujos|workflows|flujo de trabajo|flujo|workflow)';
const SEARCH = '(busca|buscar|búscame|busque|encuentra|encontrar|encuéntrame|muestra|muéstrame|mostrar)';
const RUN =
  '(ejecuta|ejecutar|ejecute|inicia|iniciar|inicie|lanza|lanzar|arranca|arrancar|corre|correr|activa|activar|pon en marcha|poner en marcha)';
const MANAGE = '(gestiona|gestionar|administra|administrar|edita|editar|cambia|cambiar|mejora|mejorar)';

export const es: VoicePhrases = {
  polite: ['por favor', 'gracias', 'porfa'],
  fillers: ['puedes', 'podrías', 'puede', 'podría', 'quiero', 'quisiera', 'me gustaría', 'necesito', 'ahora'],
  stopWords: [
    'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'mi', 'mis', 'todos', 'todas', 'flujo', 'flujos', 'trabajo',
    'workflow', 'workflows', 'de', 'del', 'sobre', 'con', 'para', 'en', 'llamado', 'llamados', 'que', 'a', 'al',
  ],
  languageNames: {
    en: ['inglés'],
    es: ['español', 'castellano'],
    fr: ['francés'],
    de: ['alemán'],
    it: ['italiano'],
  },

  navigate: {
    home: [
      ...place('(inicio|página de inicio|página principal|portada|panel|panel principal|tablero|home)'),
      '(vuelve|volver|regresa|regresar|ve|ir|vete|vámonos) a casa',
    ],
    workflows: [...place('(flujos de trabajo|flujos|workflows|lista de flujos|automatizaciones)')],
    billing: [
      ...place('(facturación|pagos|pago|suscripción|suscripciones|plan|planes|facturas|cobros)'),
      `${MANAGE} [el|la|los|mi|mis] (facturación|suscripción|plan|pagos|método de pago)`,
    ],
    access: [
      ...place(
        '(control de acceso|control de accesos|control del acceso|gestión de accesos|gestión de roles|accesos|acceso|permisos|roles|usuarios|miembros)',
      ),
      `${MANAGE} [los|las|el|mis] (roles|permisos|accesos|acceso|usuarios|miembros)`,
    ],
  },

  searchWorkflows: [
    `${SEARCH} [los|mis|todos los] ${FLOWS} (de|del|sobre|con|para|acerca de|que contengan|que hablen de|relacionados con|llamados|que se llamen) [el|la|los|las] {query}`,
    '(busca|buscar|búscame|busque|encuentra|encontrar|encuéntrame) [el|la|los|las] {query}',
  ],
  runWorkflow: [
    `${RUN} [el|mi] (flujo de trabajo|flujo|workflow) [de|llamado|que se llama] {name}`,
    '(ejecuta|ejecutar|ejecute) [el|la|mi] {name}',
  ],
  openHelp: [
    'ayuda',
    '(abre|abrir|abra|muestra|muéstrame|mostrar|ver|ve a|ir a|enséñame) [la|el] (ayuda|centro de ayuda|página de ayuda)',
    '(ayúdame|ayúdeme)',
    '(necesito|quiero) ayuda',
    '(qué|que) (puedo|se puede) (decir|hacer)',
    '[muestra|muéstrame] [los] comandos [de voz]',
  ],
  changeLanguage: [
    '(cambia|cambiar|cambie|pon|poner|ponga|establece|establecer|configura|configurar) [el] (idioma|lenguaje) (a|al|en) {language}',
    '(cambia|cambiar|cambie|cámbialo|pasa|pasar|pase|ponlo|ponla|pon|poner) (a|al|en) {language}',
    '(habla|hablar|háblame|hable|usa|usar|utiliza) [en] {language}',
    '(en|idioma) {language}',
    '{language}',
  ],
  signOut: [
    '(cerrar|cierra|cierre|finalizar|finaliza|termina|terminar) [la|mi] sesión',
    '(salir|sal) de [la|mi] (cuenta|sesión|aplicación|app)',
    'salir',
    '(desconectar|desconecta|desconéctame|desconectarme|desconexión)',
  ],
};
