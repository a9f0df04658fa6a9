// The polling helper lives in shared/testing (unit tests use it too).
export { eventually } from '@agentflow/shared/testing/eventually';
