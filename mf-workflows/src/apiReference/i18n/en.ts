// The API reference page's texts (issue 24): its chrome, the tags, the
// refusals by status and each operation's summary, description and answers
// (one text per success status: startRun answers 200 and 202) by operation id.
// The operations' English is the route table's, word for word (catalogs.test.ts
// checks it); the table's English is also the page's fallback for a route added
// after the last translation.
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
        getMe: {
          summary: 'The key the call is made with and the user it acts as',
          answers: { '200': 'The key (never its secret) and its creator.' },
        },
        listWorkflows: {
          summary: "The key's workspace's workflows its creator may see",
          description: 'Paged: pass `nextCursor` as `cursor` for the next page; `nextCursor` is null on the last one. Templates and workflows in the trash are not listed.',
          answers: { '200': 'A page of workflows.' },
        },
        getWorkflow: {
          summary: 'One workflow, with its triggers',
          answers: { '200': 'The workflow.' },
        },
        startRun: {
          summary: 'Start a run of a workflow with input',
          description: "Starts the workflow's manual trigger (or its first trigger) as the key's creator, with trigger type `api`. The input is checked against the trigger's form: a missing or invalid field is a 400 naming it (`input.<key>`). The run is metered like any run: the workspace owner pays, and a 402 `insufficient_tokens` means the owner is out of tokens (nothing is started). Without `wait` the answer is 202 at once, with `Location` to poll. With `wait` the call holds until the run ends or `wait.timeoutMs` passes (at most 120000 ms): a run that ended is answered 200 with the whole run — also when it failed, was canceled or refused: read its `status` and `error` (the request itself succeeded). A run still going (or waiting for an approval) at the timeout is answered 202 as without `wait`.\n\nSend an `Idempotency-Key` to retry safely: it is kept per API key for 24 hours with a hash of the workflow id and body. A retry with the same key and request starts nothing and is charged nothing; it answers with `Idempotent-Replayed: true`: without `wait`, the first answer as it was (202, the same `runId`); with `wait`, the same run answered the way the first was — it waits again for at most `wait.timeoutMs`, then 200 with the run as it is now if it has ended, else 202 with its current status. The same key with another workflow or body is a 422 `idempotency_key_reused`; while the first request with it is still being started, a 409 `idempotency_key_in_progress` (retry shortly). A refused first request (400, 402, 403, 404, 409, 413) started nothing and is not kept: the same key may be sent again once the cause is fixed. Without the header every request starts a run.",
          answers: { '200': 'With `wait`: the run ended within the timeout (whatever its status).', '202': 'Started (without `wait`, or not ended within the timeout): poll `links.run`.' },
        },
        listRuns: {
          summary: "The key's workspace's runs, newest first",
          description: "Every run of the workspace (as the executions page lists them), filtered by workflow, status, trigger type and creation time, newest first. Paged: pass `nextCursor` as `cursor` (with the same filters) for the next page; `nextCursor` is null on the last one. Read a run for its input, output and steps. An organization key's creator must still be allowed to see the organization's workflows (else 403 `workspace_forbidden`).",
          answers: { '200': 'A page of runs.' },
        },
        getRun: {
          summary: 'A run with its steps, their inputs and outputs',
          answers: { '200': 'The run.' },
        },
        cancelRun: {
          summary: 'Cancel a run that has not ended',
          description: "Its steps under way stop and the ones not begun are skipped; its sub-workflow runs are canceled too. The key's creator must have started it or be allowed to run its workflow (else 403). A run that has ended is a 409.",
          answers: { '200': 'Canceled.' },
        },
        listRunApprovals: {
          summary: "A run's approval steps waiting for a decision",
          description: "Each with its approvers and whether the key's creator may decide it (by the same rule as POST …/approvals/{nodeId}). Empty when nothing waits.",
          answers: { '200': 'The waiting approval steps.' },
        },
        decideApproval: {
          summary: 'Approve or reject a waiting approval step',
          description: "Decides as the key's creator, who must be one of the step's approvers (else 403). Approve: the run goes on. Reject: the run fails. A step that is not waiting (decided meanwhile, or the run moved on) is a 409 `approval-not-waiting`.",
          answers: { '200': 'Decided.' },
        },
        listCredentials: {
          summary: "The key's workspace's credentials, without their secrets",
          description: "Names, types and dates, and which secret fields are set; never a secret or any part of one. Sorted by name. An organization key's creator must still be allowed to use the organization's credentials (else 403).",
          answers: { '200': 'The credentials.' },
        },
        uploadFile: {
          summary: "Upload a file for a run's file field",
          description: "Send one file as `multipart/form-data` in the part `file`. Its type is read from its bytes (a type the platform does not take is a 400 `file_type_not_allowed`); its size is limited by the plan (413 `file_too_large`, at most 25000000 bytes) and so is all storage (403 `plan_limit_reached`). Put the answered `file` in the run's `input` under a file field's key; an upload no run uses within a day is deleted.",
          answers: { '201': 'Stored.' },
        },
      },
    },
  },
};

export type ApiReferenceCatalog = typeof en;
