// The code step's limits: one table the params schema, the sandbox
// (platform-api/src/runs/code) and the builder's editor read. Pure constants.

export const CODE_LIMITS = {
  /** Characters of the code. */
  maxCodeLength: 20_000,
  minTimeoutMs: 100,
  defaultTimeoutMs: 2_000,
  maxTimeoutMs: 10_000,
  minMemoryMb: 8,
  defaultMemoryMb: 32,
  maxMemoryMb: 128,
  /** Bytes of stack the sandbox may use: deep recursion fails inside it (about 1,500 calls) well before the host's own stack would. */
  maxStackBytes: 256 * 1024,
  /** console.* lines kept per execution; later lines are dropped (one note says how many). */
  maxLogLines: 200,
  /** Characters of one kept console line (longer lines are cut). */
  maxLogLineLength: 1_000,
} as const;

/**
 * What a fresh code step starts with. `input` is the step input, as JSONata
 * sees it: `input.input` the run's input, `input.<step key>` an earlier
 * step's output; the returned value is the step's output.
 */
export const DEFAULT_CODE = 'console.log("run input", input.input);\nreturn { ...input.input };\n';
