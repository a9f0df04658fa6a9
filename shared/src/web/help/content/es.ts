import type { HelpCatalog } from '../topics.js';

export const es: HelpCatalog = {
  topics: {
    home: {
      title: 'Te damos la bienvenida a Agentflow',
      intro: 'Con Agentflow, tu equipo crea agentes de IA y flujos de trabajo multiagente que se encargan del trabajo rutinario en ventas, logística, servicios de campo e inmobiliaria.',
      tips: [
        'Usa el menú de la parte superior para moverte entre Inicio, Flujos de trabajo, Facturación y Control de acceso. En el móvil, ábrelo con el botón de menú (☰).',
        'Elige «Iniciar sesión» en la cabecera para entrar con tu correo electrónico o tu cuenta de Google, o elige «Probar la demostración» para echar un vistazo sin cuenta.',
        'Cambia el idioma cuando quieras con el selector de idioma de la cabecera. Si has iniciado sesión, Agentflow recuerda tu elección en todos tus dispositivos.',
        'Abre la Ayuda desde cualquier página: el panel lateral muestra consejos para la página en la que estás, y puedes pasar a cualquier otro tema.',
        'Si una página no carga, elige «Reintentar». Si sigue fallando, comprueba tu conexión y recarga la página.',
      ],
    },
    workflows: {
      title: 'Flujos de trabajo',
      intro: 'Un flujo de trabajo es un conjunto de agentes de IA que colaboran en una tarea, como calificar clientes potenciales o planificar entregas. Aquí los encuentras, los copias, los creas y los ejecutas.',
      tips: [
        'Busca por nombre o filtra por sector (ventas, logística, servicios de campo o inmobiliaria) para ver solo los flujos de tu actividad.',
        'Las plantillas por sector son flujos ya preparados. Abre una para ver qué hace cada agente antes de usarla.',
        'Copia una plantilla para tener tu propia versión, que puedes modificar libremente; la plantilla original no cambia.',
        'Crea o modifica un flujo en el editor visual: añade agentes, conéctalos en el orden en que debe avanzar el trabajo y guarda.',
        'Ejecuta un flujo y sigue su progreso en la lista de ejecuciones. Cada ejecución muestra su estado, su resultado y cuántos tokens ha consumido.',
        'Si una ejecución falla, ábrela para leer el error, ajusta el flujo y vuelve a ejecutarlo. Si una ejecución no llega a empezar, puede que hayas agotado los tokens del mes.',
      ],
    },
    billing: {
      title: 'Facturación y tokens',
      intro: 'Tu plan fija cuántos tokens pueden consumir tus flujos de trabajo cada mes. Aquí comparas planes, mejoras el tuyo y gestionas métodos de pago y facturas.',
      tips: [
        'Cada plan incluye una asignación mensual de tokens. La página de facturación muestra cuántos tokens has consumido este mes y cuántos te quedan.',
        'Para mejorar tu plan, elige uno: pagas en la página de pago segura de Stripe y la nueva asignación se aplica en cuanto se confirma el pago.',
        'Abre el portal de facturación para añadir o cambiar un método de pago y descargar facturas anteriores.',
        'Cuando se agotan tus tokens, no se pueden iniciar nuevas ejecuciones hasta que la asignación se renueve al comienzo del siguiente periodo de facturación, o hasta que mejores tu plan.',
        'Si cancelas, tu plan sigue activo hasta el final del periodo que ya has pagado; no se te vuelve a cobrar.',
        'Si un pago falla, actualiza tu método de pago en el portal de facturación; tu plan continúa en cuanto el pago se completa.',
      ],
    },
    access: {
      title: 'Control de acceso',
      intro: 'El control de acceso decide quién puede ver y cambiar qué. Las personas reciben roles, cada rol concede un conjunto de permisos y las organizaciones agrupan a quienes trabajan juntos.',
      tips: [
        'Cada rol concede un conjunto de permisos, como ver o ejecutar flujos de trabajo, o gestionar el acceso. Abre un rol para ver exactamente qué permite.',
        'Una organización agrupa a las personas de una empresa o un equipo, para que compartan flujos de trabajo y se gestionen en conjunto.',
        'Para dar acceso a alguien, asígnale un rol, dentro de una organización si hace falta. Para retirarle el acceso, quítale el rol; el cambio se aplica al instante.',
        'Solo los administradores pueden asignar o quitar roles y modificar organizaciones. Si necesitas más acceso, pídeselo a un administrador.',
        'Cada cambio de acceso queda registrado en el registro de auditoría, con quién lo hizo y cuándo. El registro no se puede modificar.',
      ],
    },
    install: {
      title: 'Instalar la aplicación',
      intro: 'Instala Agentflow en tu teléfono, tu tableta o tu ordenador para abrirlo como cualquier otra aplicación, con su propio icono y su propia ventana.',
      tips: [
        'En iPhone o iPad, abre Agentflow en Safari, toca Compartir, elige «Añadir a pantalla de inicio» y toca Añadir.',
        'En Android, abre Agentflow en Chrome, abre el menú (⋮) y elige «Instalar aplicación».',
        'En un ordenador, abre Agentflow en Chrome o Edge y haz clic en el icono de instalación, al final de la barra de direcciones.',
        'Después de abrir Agentflow una vez con conexión, también se abre sin ella. Ejecutar flujos de trabajo y pagar siguen necesitando internet.',
        'Cuando hay una versión nueva, un mensaje te pide que recargues. Recarga para empezar a usarla.',
      ],
    },
    account: {
      title: 'Tu cuenta',
      intro: 'Tu cuenta guarda tu perfil y tus preferencias, como el idioma, y te acompaña en cada dispositivo en el que inicias sesión.',
      tips: [
        'Inicia sesión con tu correo electrónico y tu contraseña o con «Continuar con Google». ¿Es tu primera vez en Agentflow? Elige «Crear una cuenta» en la página de inicio de sesión.',
        '«Probar la demostración» te conecta a una cuenta de demostración compartida para explorar. No tiene perfil, así que no hay nada que editar en ella.',
        '¿Has olvidado tu contraseña? Elige «¿Has olvidado tu contraseña?» en la página de inicio de sesión, escribe tu correo y sigue el enlace que te enviamos.',
        'Haz clic en tu nombre en la cabecera y elige Perfil para cambiar tu nombre visible, tu número de teléfono y tu idioma; después, guarda los cambios.',
        'Para cerrar sesión, haz clic en tu nombre en la cabecera y elige «Cerrar sesión». Hazlo siempre en un ordenador compartido.',
      ],
    },
    voice: {
      title: 'Comandos de voz',
      intro: 'Controla Agentflow con la voz: abre páginas, busca y ejecuta flujos de trabajo o cambia el idioma, en cualquiera de los cinco idiomas.',
      tips: [
        'Haz clic o toca el botón del micrófono en la cabecera y permite el acceso al micrófono la primera vez que el navegador lo pida.',
        'Di un solo comando y espera a que Agentflow actúe. Para dejar de escuchar, vuelve a pulsar el botón.',
        'Prueba «abrir flujos de trabajo», «buscar flujos de trabajo de facturas», «ejecutar flujo Recordatorios de facturas» o «abrir ayuda».',
        'Di «cambiar idioma a inglés» para cambiar de idioma, o «cerrar sesión» para terminar tu sesión.',
        'Si ningún comando coincide, Agentflow te muestra lo que ha oído y te sugiere comandos. Habla con claridad y cerca del micrófono.',
        'Si el micrófono está bloqueado, permítelo en la configuración del sitio de tu navegador y vuelve a intentarlo.',
      ],
    },
  },
  voiceUnsupported: 'Este navegador no ofrece reconocimiento de voz, por eso el botón del micrófono está oculto. Usa Chrome, Edge o Safari para dar comandos por voz.',
};
