// The webhook trigger's panel (answer mode, answer step, timeout, listen for a test event): English source.
export const en = {
  workflows: {
    webhookTrigger: {
      answer: {
        title: 'Answer to the caller',
        respond: 'Answer',
        immediately: 'At once, with the run id',
        whenDone: 'When the run is done, with its output',
        respondWith: 'Answer with the output of',
        runOutput: 'The run’s output (every output step)',
        timeout: 'Wait at most (seconds)',
        timeoutHint: 'After this the caller gets the run id and an address to ask again.',
        timeoutRange: 'Enter a whole number of seconds from {{min}} to {{max}}.',
      },
      listen: {
        title: 'Test event',
        intro: 'Send one real request to the address above: it is kept as this trigger’s sample data, and no run starts.',
        start: 'Listen for test event',
        waiting: 'Waiting for a request… (until {{time}})',
        stop: 'Stop listening',
        expired: 'No request arrived in 2 minutes.',
        again: 'Listen again',
        captured: 'Test event received at {{time}}: pinned as this trigger’s sample data, so the next steps can pick its fields.',
        last: 'Last test event received at {{time}}.',
        pin: 'Use as sample data',
        body: 'Data',
        query: 'Query parameters',
        headers: 'Headers',
        failed: 'Listening could not start. Try again.',
        offline: 'Listening needs a connection.',
      },
    },
  },
};

export type WebhookTriggerCatalog = typeof en;
