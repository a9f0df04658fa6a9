import type { WebhookTriggerCatalog } from './en';

export const es: WebhookTriggerCatalog = {
  workflows: {
    webhookTrigger: {
      answer: {
        title: 'Respuesta a quien llama',
        respond: 'Responder',
        immediately: 'Al instante, con el id de la ejecución',
        whenDone: 'Cuando termine la ejecución, con su salida',
        respondWith: 'Responder con la salida de',
        runOutput: 'La salida de la ejecución (todos los pasos de salida)',
        timeout: 'Esperar como máximo (segundos)',
        timeoutHint: 'Pasado ese tiempo, quien llama recibe el id de la ejecución y una dirección para volver a consultar.',
        timeoutRange: 'Introduzca un número entero de segundos entre {{min}} y {{max}}.',
      },
      listen: {
        title: 'Evento de prueba',
        intro: 'Envíe una petición real a la dirección de arriba: se guarda como datos de ejemplo de este disparador y no se inicia ninguna ejecución.',
        start: 'Escuchar un evento de prueba',
        waiting: 'Esperando una petición… (hasta las {{time}})',
        stop: 'Dejar de escuchar',
        expired: 'No llegó ninguna petición en 2 minutos.',
        again: 'Escuchar de nuevo',
        captured: 'Evento de prueba recibido a las {{time}}: fijado como datos de ejemplo de este disparador, para que los pasos siguientes puedan elegir sus campos.',
        last: 'Último evento de prueba recibido a las {{time}}.',
        pin: 'Usar como datos de ejemplo',
        body: 'Datos',
        query: 'Parámetros de consulta',
        headers: 'Cabeceras',
        failed: 'No se pudo empezar a escuchar. Inténtelo de nuevo.',
        offline: 'Para escuchar hace falta conexión.',
      },
    },
  },
};
