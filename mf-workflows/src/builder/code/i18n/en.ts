// The code step's editor (builder/code): English source.
export const en = {
  workflows: {
    code: {
      label: 'Code (JavaScript)',
      loading: 'Loading the code editor…',
      hintBody: 'Your code is the body of an async function: you may use await, and what you return is this step’s output.',
      hintInput: '“input” (or “$”) holds the step input: input.input is the run’s input.',
      hintUpstream: 'Earlier steps’ outputs by key: {{keys}}.',
      hintConsole: 'console.log lines are kept in the run’s step record. No network, files or timers: the code only computes.',
      hintItem: 'Inside the loop: input.item is the current item and input.index its position (0 for the first).',
      syntaxError: 'Syntax error on line {{line}}, column {{column}}',
      syntaxErrorMore: 'Syntax error on line {{line}}, column {{column}} (and {{count}} more)',
      syntaxOk: 'No syntax errors',
      logs: 'Console lines: {{count}}',
    },
  },
};

export type CodeCatalog = typeof en;
