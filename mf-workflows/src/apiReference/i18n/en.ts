// The API reference page's texts (issue 24): its chrome, the tags, the
// refusals by status and each operation's summary, description and answer by
// operation id (the route table's English is the fallback for a route added
// after the last translation).
export const en = {
  workflows: {
    apiReference: {
      title: 'API reference',
      intro: 'Call this workspace from your own software: list workflows, start runs and read their results over HTTP.',
      keysLink: 'API keys',
      download: 'OpenAPI 3.1 description (JSON)',
      loading: 'Loading the API reference…',
      failed: 'The API reference could not be loaded. Check your connection and try again.',
      retry: 'Try again',
      baseUrl: 'Base URL',
      authTitle: 'Authentication',
      authText: 'Every call carries an API key in the Authorization header. Create one on the API keys page, keep it in an environment variable and never in code: the examples read it from ${{variable}}.',
      errorsTitle: 'Errors',
      errorsText: 'An error answers JSON with a stable code beside an English text: branch on code.',
      contents: 'Operations',
      jumpTo: 'Jump to an operation',
      scope: 'Scope',
      anyKey: 'Any valid key',
      parameters: 'Parameters',
      body: 'Request body',
      answers: 'Answers',
      refusals: 'Refusals',
      example: 'Example request',
      copy: 'Copy',
      copied: 'Copied',
      copyLabel: 'Copy the curl example of {{operation}}',
      required: 'required',
      optional: 'optional',
      where: { path: 'in the path', query: 'in the query', body: 'in the body', header: 'in the header' },
      tags: { Keys: 'Keys', Workflows: 'Workflows', Runs: 'Runs', Approvals: 'Approvals', Credentials: 'Credentials', Files: 'Files' },
      statuses: {
        '400': 'A field is missing or invalid: field names it.',
        '401': 'No API key, an unknown one, or one that was revoked or has expired.',
        '402': 'The workspace has not enough tokens left for this.',
        '403': 'The key lacks the scope, or the call comes from an address outside its allow-list.',
        '404': 'Not found, or not visible to the key: the same answer for both.',
        '408': 'The run did not end within the wait asked for; read it later by its id.',
        '409': 'Not possible in the current state (for example a run that has already ended).',
        '413': 'The body or the file is too large.',
        '415': 'The body is not of the media type the operation takes.',
        '422': 'Well formed, but it refers to something that cannot be used.',
        '429': 'Too many calls: Retry-After says when to try again.',
        '503': 'A service the call needs is unavailable; try again later.',
      },
      /** Codes a refusal may carry beyond its status (x-error-codes), by code. */
      codes: {
        idempotency_key_in_progress: 'A request with this Idempotency-Key is still being started: retry in a moment for its answer.',
        idempotency_key_reused: 'This Idempotency-Key was used for another request (another workflow or body): use a new key for a new run.',
      },
      operations: {
        getMe: { summary: 'The key the call is made with and the user it acts as', answer: 'The key (never its secret) and its creator.' },
        listWorkflows: {
          summary: "The key's workspace's workflows its creator may see",
          description: 'Paged: pass nextCursor as cursor for the next page; nextCursor is null on the last one. Templates and workflows in the trash are not listed.',
          answer: 'A page of workflows.',
        },
        getWorkflow: { summary: 'One workflow, with its triggers', answer: 'The workflow.' },
        getRun: { summary: 'A run with its steps, their inputs and outputs', answer: 'The run.' },
        startRun: { summary: 'Starts a run of a workflow with its input' },
        listRuns: { summary: 'The runs of the workspace, filtered and paged' },
        cancelRun: { summary: 'Cancels a run that has not ended' },
        listRunApprovals: { summary: 'The approvals a run waits for' },
        decideApproval: { summary: 'Approves or rejects a waiting approval' },
        listCredentials: { summary: 'The workspace’s credentials, masked' },
        uploadFile: { summary: 'Uploads a file for a run’s input' },
      },
    },
  },
};

export type ApiReferenceCatalog = typeof en;
