// '@agentflow/shared/workflow': the workflow model, node param schemas,
// validateWorkflow() and the industry templates.
export * from './model.js';
export * from './params.js';
export * from './expressions.js';
export * from './validate.js';
export * from './templates.js';
export * from './runs.js';
