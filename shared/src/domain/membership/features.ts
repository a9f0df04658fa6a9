// The one table of metered features and what each costs. Agent steps are not
// here: they debit the tokens the model actually reported.
export const FEATURE_COSTS = {
  voice_command: 1,
  workflow_run: 1,
  template_copy: 0,
  agent: null,
  /** Embedding a knowledge source or a query: the price table's embedding price applied to the tokens embedded (pricing.ts). */
  knowledge_embedding: null,
} as const satisfies Record<string, number | null>;

export type MeteredFeature = keyof typeof FEATURE_COSTS;

export function isMeteredFeature(value: unknown): value is MeteredFeature {
  return typeof value === 'string' && Object.hasOwn(FEATURE_COSTS, value);
}

/** Features a browser performs itself and may report through POST /api/tokens/consume. */
export const BROWSER_FEATURES: readonly MeteredFeature[] = ['voice_command'];
