import type { DashboardCatalog } from './en';

export const es: DashboardCatalog = {
  workflows: {
    dashboard: {
      title: 'Panel',
      intro: 'Cómo se ejecutaron los flujos de este espacio de trabajo. Cada cifra abre las ejecuciones que cuenta.',
      period: 'Periodo',
      periodDays: 'Últimos {{count}} días',
      allExecutions: 'Todas las ejecuciones',
      loading: 'Cargando el panel…',
      loadFailed: 'No se pudo cargar el panel.',
      forbidden: 'No puede ver las ejecuciones de este espacio de trabajo.',
      retry: 'Reintentar',
      figures: {
        runs: 'Ejecuciones',
        successRate: 'Tasa de éxito',
        failed: 'Ejecuciones fallidas',
        medianDuration: 'Duración mediana',
        medianSample: 'de las últimas {{count}} ejecuciones terminadas',
        tokens: 'Tokens consumidos',
        approvals: 'Aprobaciones pendientes',
        none: 'sin datos',
      },
      perDay: {
        title: 'Ejecuciones por día',
        table: 'Ejecuciones por día en una tabla',
        empty: 'No hay ejecuciones en este periodo.',
        day: 'Día',
        hint: 'Seleccione una barra para abrir las ejecuciones de ese día.',
      },
      groups: {
        succeeded: 'Correctas',
        failed: 'Fallidas',
        refused: 'Rechazadas',
        other: 'Canceladas o en curso',
      },
      tokensByWorkflow: {
        title: 'Tokens por flujo',
        empty: 'No se consumieron tokens en este periodo.',
        runs: 'Ejecuciones: {{count}}',
      },
      tokensByModel: {
        title: 'Tokens por modelo',
        empty: 'Ningún paso de agente usó un modelo en las últimas ejecuciones.',
        defaultModel: 'Modelo predeterminado',
        sample: 'De los pasos de agente de las últimas {{count}} ejecuciones.',
      },
      failing: {
        title: 'Flujos con fallos',
        empty: 'Ningún flujo falló en este periodo.',
        failures: 'Ejecuciones fallidas: {{count}}',
        lastError: 'Último error: {{error}}',
        noError: 'Último fallo sin mensaje',
        openLast: 'Abrir la última ejecución fallida',
      },
      plan: {
        title: 'Uso del plan',
        usage: '{{used}} de {{allowance}} tokens consumidos',
        plan: 'Plan contratado: {{plan}}',
        resets: 'Se renueva el {{date}}',
        payer: 'Las ejecuciones de aquí las paga el plan del propietario del espacio.',
        details: 'Detalle del consumo',
        plans: {
          free: 'Gratis',
          basic: 'Básico',
          premium: 'Avanzado',
          enterprise: 'Empresa',
          admin: 'Operador',
        },
      },
    },
  },
};
