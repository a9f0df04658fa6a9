// '@agentflow/shared/workflow': the workflow model, its graph operations, node
// labels and factories, param schemas, validateWorkflow(), the document
// decoder, the run-input schema and the industry templates.
export * from './model.js';
export * from './problemReasons.js';
export * from './expressionParams.js';
export * from './references.js';
export * from './outputs.js';
export * from './availableFields.js';
export * from './referenceProblems.js';
export * from './params.js';
export * from './expressions.js';
export * from './expressionCompiler.js';
// Node and tests: JSONata installed at once. Browser builds drop this side-effect import (see expressionCompiler.ts).
import './jsonataCompiler.js';
export * from './labels.js';
export * from './graph.js';
export * from './nodeProblems.js';
export * from './validate.js';
export * from './factories.js';
export * from './documents.js';
export * from './runInput.js';
export * from './mcp.js';
export * from './templates.js';
export * from './runs.js';
export * from './flowSteps.js';
export * from './knowledgeStep.js';
export * from './nodeSettings.js';
export * from './nodeSettingsSchema.js';
export * from './testStep.js';
export * from './codeStep.js';
export * from './literalSecrets.js';
export * from '../connectors/index.js';
export * from './triggers.js';
export * from './loop.js';
export * from './webhooks.js';
export * from './errorTrigger.js';
export * from './errorTriggerSample.js';
export * from './executions.js';
export * from './dashboard.js';
