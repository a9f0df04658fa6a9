// The texts of the error trigger ("When another workflow fails"): its note in
// the config panel, the error-workflow picker's groups and the run form's
// test note (English source).
export const en = {
  workflows: {
    errorTrigger: {
      about: 'Starts when a workflow that names this one as its error workflow fails. Later steps read the failed run’s details, for example input.workflow.name, input.failedStep.name, input.error.message and input.run.path.',
      reportsFor: 'Reports failures of: {{list}}',
      reportsForNone: 'No workflow names this one as its error workflow yet: choose it under “Error workflow” in that workflow’s settings.',
      loading: 'Loading your workflows…',
      loadFailed: 'Your workflows could not be loaded.',
      pickerWithTrigger: 'With an error trigger',
      pickerOthers: 'Other workflows',
      pickerNoTrigger: 'This workflow has no error trigger: its steps get the failed run as input.failedRun. Add an error trigger to it to read the details by name.',
      runTest: 'This workflow starts when another workflow fails. Start it with {} to test it with sample failed-run details.',
    },
  },
};

export type ErrorTriggerCatalog = typeof en;
