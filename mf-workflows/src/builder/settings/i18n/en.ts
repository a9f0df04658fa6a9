// A step's settings (retries, on error) and the workflow's error workflow: English source.
export const en = {
  workflows: {
    nodeSettings: {
      title: 'Retries and errors',
      retries: 'Retries',
      attempts: 'Attempts in all',
      attemptsHint: 'From 1 (no retry) to 10.',
      backoff: 'Wait before trying again (ms)',
      backoffHint: 'Doubled after each further attempt; at most 600000 (10 minutes).',
      retryOn: 'Try again on',
      retryOnTransient: 'Temporary errors only (network, timeouts, busy services)',
      retryOnAny: 'Any error',
      onError: 'On error',
      onErrorStop: 'Stop the run',
      onErrorContinue: 'Continue with the error as output',
      onErrorBranch: 'Error branch',
      onErrorHint: {
        stop: 'The run fails at this step.',
        continue: 'The next steps run and read the error as this step’s output.',
        branch: 'Only the steps connected to the red “Error” output run when this step fails.',
      },
      reset: 'Back to the defaults',
      errorWorkflow: 'Error workflow',
      errorWorkflowNone: 'None',
      errorWorkflowHint: 'Started with the details of a failed run of this workflow.',
      errorWorkflowLoading: 'Loading your workflows…',
      errorWorkflowFailed: 'Your workflows could not be loaded.',
    },
  },
};

export type NodeSettingsCatalog = typeof en;
