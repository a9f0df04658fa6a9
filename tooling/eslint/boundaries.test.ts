// The import boundaries of issue 15 fail a lint: each fixture in
// tooling/lint-fixtures holds deliberately wrong imports for one forbidden
// direction, marked line by line with `// expect: <rule>`. The fixture is
// linted with the repository's own eslint.config.mjs under a pretend file name
// in the folder it would break (the real config ignores the fixtures folder, so
// they are never violations in the tree). Every marked line must be reported by
// that direction's rule with its message, and no other line; the same text under
// a file name where the imports are allowed must not be reported by that rule.
// (A line may also break another direction: the domain core is browser code too,
// so its firebase-admin import is reported by the browser rule as well.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(ROOT, 'tooling/lint-fixtures');

interface LintMessage {
  ruleId: string | null;
  line: number;
  message: string;
  fatal: boolean;
}
interface LintCase {
  filePath: string;
  messages: LintMessage[];
}

// The messages as the config words them: a change of wording is a change of this test.
const MESSAGES: Record<string, RegExp> = {
  remoteToRemote: /^'[^']+': a remote never imports another remote; anything two remotes both need belongs in shared\.$/,
  shellToRemote: /^'[^']+': the shell never imports a remote's source; it loads remotes at run time through Module Federation \(\/remotes\.json\)\.$/,
  browser: new RegExp(
    [
      "browser code cannot import Node built-ins; use a web API or move the code to a service\\.",
      'the Admin SDK is server-only; the browser uses the Firebase web SDK and calls a service for privileged writes\\.',
      "the server and ledger parts of shared are Node-only; browser code uses shared's domain and web parts\\.",
    ]
      .map((text) => `^'[^']+': ${text}$`)
      .join('|'),
  ),
  domain: /^'[^']+': (the domain core is pure: no (React|Firebase|Express) .*|the domain core depends on no other part of shared .*)$/,
  fakes: /^'[^']+': production code never imports (the test kit, a fake server or a test file|a test-only library)\.$/,
};

const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** Lints every case in one child process (see lintText.mjs for why a child). */
function lint(cases: Array<{ code: string; filePath: string }>): LintCase[] {
  const output = execFileSync(process.execPath, [path.join(ROOT, 'tooling/eslint/lintText.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(output) as LintCase[];
}

/** `line -> rule` for every `// expect: rule` marker in the fixture. */
function expectedReports(code: string): Map<number, string> {
  const expected = new Map<number, string>();
  code.split('\n').forEach((text, index) => {
    const marker = /\/\/ expect: (\S+)\s*$/.exec(text);
    if (marker?.[1]) expected.set(index + 1, marker[1]);
  });
  return expected;
}

const reportsOf = (result: LintCase, rule: string) => result.messages.filter((message) => message.ruleId === rule);

interface Direction {
  title: string;
  fixture: string;
  /** The rule that catches this direction. */
  rule: string;
  /** Where the text pretends to live: each must report every marked line. */
  forbiddenAt: string[];
  message: RegExp;
  /** Where the same text is allowed: no report by this rule. */
  allowedAt: string[];
}

const DIRECTIONS: Direction[] = [
  {
    title: '(a) a remote importing another remote',
    fixture: 'a-remote-imports-remote.ts',
    rule: 'agentflow/no-cross-remote',
    forbiddenAt: ['mf-billing/src/pages/Fixture.tsx'],
    message: MESSAGES.remoteToRemote!,
    allowedAt: ['e2e/tests/fixture.e2e.test.ts'],
  },
  {
    title: "(a) the shell importing a remote's source",
    fixture: 'a-shell-imports-remote-source.ts',
    rule: 'agentflow/no-cross-remote',
    forbiddenAt: ['shell/src/App.fixture.tsx'],
    message: MESSAGES.shellToRemote!,
    allowedAt: ['e2e/tests/fixture.e2e.test.ts'],
  },
  {
    title: '(b) browser code importing Node built-ins, the Admin SDK, or the server and ledger parts',
    fixture: 'b-browser-imports-server.ts',
    rule: 'agentflow/browser-imports',
    forbiddenAt: ['mf-workflows/src/api/fixture.ts', 'shell/src/auth/fixture.tsx'],
    message: MESSAGES.browser!,
    // Services may; so may a remote's tests and test kits, which run in Node under Jest.
    allowedAt: ['platform-api/src/runs/fixture.ts', 'mf-workflows/src/api/fixture.test.ts', 'mf-workflows/src/testing/fixture.ts'],
  },
  {
    title: "(b) shared's web part reaching into its server and ledger parts",
    fixture: 'b-web-imports-server-part.ts',
    rule: 'agentflow/browser-imports',
    forbiddenAt: ['shared/src/web/auth/fixture.ts'],
    message: MESSAGES.browser!,
    allowedAt: ['shared/src/server/auth/fixture.ts'],
  },
  {
    title: '(c) the domain core importing React, Firebase or Express',
    fixture: 'c-domain-imports-frameworks.ts',
    rule: 'agentflow/pure-domain',
    forbiddenAt: ['shared/src/domain/workflow/fixture.ts', 'shared/src/domain/workflow/fixture.test.ts'],
    message: MESSAGES.domain!,
    allowedAt: ['shared/src/web/workflow/fixture.ts'],
  },
  {
    title: '(d) production code importing test fakes, the test kit or a test file',
    fixture: 'd-production-imports-fakes.ts',
    rule: 'agentflow/no-test-fakes',
    forbiddenAt: ['billing-api/src/stripe/fixture.ts'],
    message: MESSAGES.fakes!,
    // Test files and test kits may.
    allowedAt: ['billing-api/src/stripe/fixture.test.ts', 'billing-api/src/testing/fixture.ts'],
  },
];

describe('import boundaries (eslint.config.mjs)', () => {
  // One child process lints every case: loading the config and plugins is most of the cost.
  const cases = DIRECTIONS.flatMap((direction) =>
    [...direction.forbiddenAt, ...direction.allowedAt].map((filePath) => ({ code: fixture(direction.fixture), filePath })),
  );
  let results: Map<string, LintCase>;
  beforeAll(() => {
    results = new Map(lint(cases).map((result, index) => [`${cases[index]!.filePath}|${cases[index]!.code}`, result]));
  });
  const resultFor = (direction: Direction, filePath: string) => {
    const result = results.get(`${filePath}|${fixture(direction.fixture)}`);
    if (!result) throw new Error(`no lint result for ${filePath}`);
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    return result;
  };

  describe.each(DIRECTIONS)('$title', (direction) => {
    const expected = expectedReports(fixture(direction.fixture));

    it('has marked lines to check, all for its rule', () => {
      expect(expected.size).toBeGreaterThanOrEqual(2);
      expect(new Set(expected.values())).toEqual(new Set([direction.rule]));
    });

    it.each(direction.forbiddenAt)('fails the lint as %s, on every marked line, with its rule and message', (filePath) => {
      const reports = reportsOf(resultFor(direction, filePath), direction.rule);
      expect(new Map(reports.map((report) => [report.line, report.ruleId]))).toEqual(expected);
      expect(reports).toHaveLength(expected.size);
      for (const report of reports) expect(report.message).toMatch(direction.message);
    });

    it.each(direction.allowedAt)('passes as %s, where those imports are allowed', (filePath) => {
      expect(reportsOf(resultFor(direction, filePath), direction.rule)).toEqual([]);
    });
  });
});
