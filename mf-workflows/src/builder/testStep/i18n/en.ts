// Test step, Pin and Run from here (the node's configuration panel): English source.
export const en = {
  workflows: {
    testStep: {
      title: 'Test this step',
      intro: 'Runs this step alone on the server with the sample input below. It is charged like a step of a run.',
      sampleLabel: 'Sample input (JSON)',
      sampleHint: 'Made from the pinned data of the steps before this one and from the last run. You can edit it.',
      missing: 'No sample data yet for: {{nodes}}. Test or pin those steps first, or type their output here.',
      loadingLastRun: 'Reading the last run…',
      reset: 'Reset the sample',
      invalidJson: 'This is not valid JSON.',
      notObject: 'The sample input must be a JSON object: { … }.',
      test: 'Test step',
      testing: 'Testing…',
      runFromHere: 'Run from here',
      starting: 'Starting…',
      runFromHereHint: 'Starts a run at this step: the steps before it are not run again, their pinned data is used.',
      notTestable: 'An approval waits for a person, so it cannot be tested alone.',
      offline: 'Testing and running need a connection.',
      result: {
        title: 'Test result',
        succeeded: 'Succeeded',
        failed: 'Failed',
        duration: 'Took {{duration}}',
        tokens: '{{count}} tokens charged',
        output: 'Output',
        logs: 'What the step reported',
      },
      failure: {
        stepFailed: 'The step failed.',
        timeout: 'The step ran out of time.',
        insufficientTokens: 'Your tokens ran out during the test.',
        details: 'Details: {{message}}',
      },
      errors: {
        saveFailed: 'Your latest changes could not be saved, so nothing was tested or started. Try again.',
        nodeNotFound: 'This step is not saved yet. Wait for the save, then try again.',
        pinMissing: 'Pin an output on “{{node}}” first: a run from here uses the pinned data of the steps before this one.',
        workflowInTrash: 'This workflow is in the trash. Restore it to test or run it.',
        alreadyCharged: 'This test was already charged. Test again to run it anew.',
        unreachable: 'The server could not be reached. Check your connection and try again.',
        testFailed: 'The test could not run. Try again.',
        runFailed: 'The run could not start. Try again.',
      },
      pin: {
        pin: 'Pin this output',
        unpin: 'Unpin',
        pinned: 'Pinned data',
        pinnedAt: 'Pinned on {{time}}.',
        hint: 'Later steps are tested with this output, and Run from here uses it instead of running this step.',
        tooLarge: 'This output is too large to pin ({{size}} kB; at most {{max}} kB).',
        done: 'Output pinned.',
      },
    },
  },
};

export type TestStepCatalog = typeof en;
