import type { CodeCatalog } from './en';

export const es: CodeCatalog = {
  workflows: {
    code: {
      label: 'Código (JavaScript)',
      loading: 'Cargando el editor de código…',
      hintBody: 'Su código es el cuerpo de una función asíncrona: puede usar await, y lo que devuelva es la salida de este paso.',
      hintInput: '«input» (o «$») contiene la entrada del paso: input.input es la entrada de la ejecución.',
      hintUpstream: 'Salidas de los pasos anteriores por clave: {{keys}}.',
      hintConsole: 'Las líneas de console.log se guardan en el registro del paso de la ejecución. Sin red, archivos ni temporizadores: el código solo calcula.',
      hintItem: 'Dentro del bucle: input.item es el elemento actual e input.index su posición (0 para el primero).',
      syntaxError: 'Error de sintaxis en la línea {{line}}, columna {{column}}',
      syntaxErrorMore: 'Error de sintaxis en la línea {{line}}, columna {{column}} (y {{count}} más)',
      syntaxOk: 'Sin errores de sintaxis',
      logs: 'Líneas de consola: {{count}}',
    },
  },
};
