// A final step failure that carries a stable code beside its English message
// (FLOW_STEP_ERROR_CODES: 'subworkflow-depth', 'wait-invalid-time', ...), so
// the run view and an error branch can tell failures apart without parsing text.
import type { FlowStepErrorCode } from '@agentflow/shared/workflow';
import { StepFailure } from './steps.js';

export class FlowStepFailure extends StepFailure {
  constructor(
    message: string,
    readonly code: FlowStepErrorCode,
  ) {
    super(message);
    this.name = 'FlowStepFailure';
  }
}
