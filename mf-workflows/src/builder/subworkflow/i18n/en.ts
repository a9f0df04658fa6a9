// The texts of the wait and sub-workflow steps' forms and of the links
// between a parent run and a sub-workflow's run (English source).
export const en = {
  workflows: {
    flow: {
      wait: {
        mode: 'Wait',
        modes: { duration: 'For a while', until: 'Until a date and time' },
        amount: 'How long',
        unit: 'Unit',
        units: { seconds: 'Seconds', minutes: 'Minutes', hours: 'Hours', days: 'Days' },
        at: 'Date and time',
        atHint: 'A date-time such as 2026-12-01T09:00, or insert a field that holds one.',
        timeZone: 'Time zone',
        timeZoneHint: 'Used when the date-time names no offset; UTC when left empty.',
        note: 'A wait longer than a few seconds pauses the run: it goes on at the set time, also after a restart. At most 365 days.',
      },
      sub: {
        workflow: 'Workflow to run',
        choose: 'Choose a workflow',
        loading: 'Loading your workflows…',
        loadFailed: 'Your workflows could not be loaded.',
        none: 'No other workflow with a manual trigger that you may run.',
        notListed: 'The chosen workflow is not in your list any more: choose another.',
        note: 'Runs the chosen workflow as a run of its own, waits for it to end and passes its output on. Its manual trigger’s fields are its input.',
        inputs: 'Input of {{name}}',
        noInputs: '{{name}} asks for no input.',
        required: 'required',
      },
      links: {
        childRun: 'Open the sub-workflow’s run',
        parentRun: 'Started by a sub-workflow step of another run: open that run',
      },
    },
  },
};

export type FlowStepsCatalog = typeof en;
