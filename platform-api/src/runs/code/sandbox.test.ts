// The code step's sandbox on the real QuickJS WebAssembly module: limits,
// what the code can reach, errors with their position, console capture, and
// that every execution leaves nothing behind.
import { TestQuickJSWASMModule, newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten';
import { CODE_LIMITS } from '@agentflow/shared/workflow';
import { runCode, type CodeOutcome, type CodeRequest } from './sandbox.js';

let quickjs: QuickJSWASMModule;

beforeAll(async () => {
  quickjs = await newQuickJSWASMModule();
});

const run = (code: string, input: unknown = {}, limits: Partial<Pick<CodeRequest, 'timeoutMs' | 'memoryMb'>> = {}): CodeOutcome =>
  runCode(quickjs, { code, input, timeoutMs: limits.timeoutMs ?? 2000, memoryMb: limits.memoryMb ?? 32 });

function failed(outcome: CodeOutcome) {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.output)}`);
  return outcome;
}

describe('code sandbox', () => {
  it('transforms its input: `input` and `$` are the step input, the return value is the output', () => {
    const outcome = run(
      `const total = input.input.items.reduce((sum, item) => sum + item.price * item.qty, 0);
       return { total, currency: $.input.currency, count: input.input.items.length, first: input.fetch_1.name.toUpperCase() };`,
      { input: { currency: 'EUR', items: [{ price: 2.5, qty: 4 }, { price: 1, qty: 3 }] }, fetch_1: { name: 'acme' } },
    );
    expect(outcome).toEqual({ ok: true, output: { total: 13, currency: 'EUR', count: 2, first: 'ACME' }, logs: [] });
  });

  it('runs async code: await works, and the settled value is the output', () => {
    expect(run('const doubled = await Promise.all([1, 2, 3].map(async (n) => n * 2)); return doubled;')).toMatchObject({ ok: true, output: [2, 4, 6] });
  });

  it('gives null when the code returns nothing', () => {
    expect(run('const x = 1;')).toMatchObject({ ok: true, output: null });
  });

  it('changes to `input` stay inside the sandbox', () => {
    const input = { input: { n: 1 } };
    expect(run('input.input.n = 99; return input.input.n;', input)).toMatchObject({ ok: true, output: 99 });
    expect(input).toEqual({ input: { n: 1 } });
  });

  it('stops an infinite loop at the time limit', () => {
    const started = Date.now();
    const outcome = failed(run('while (true) {}', {}, { timeoutMs: 200 }));
    const took = Date.now() - started;
    expect(outcome.kind).toBe('timeout');
    expect(outcome.message).toBe('The code was stopped after 200 ms (its time limit)');
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1500);
  });

  it('stops a loop the code tries to catch its own interruption in', () => {
    expect(failed(run('for (;;) { try { while (true) {} } catch (e) { /* keep going */ } }', {}, { timeoutMs: 150 })).kind).toBe('timeout');
  });

  it('stops an allocation bomb at the memory limit', () => {
    const started = Date.now();
    const outcome = failed(run('const hoard = []; while (true) hoard.push({ n: hoard.length, text: "item " + hoard.length });', {}, { memoryMb: 8, timeoutMs: 10_000 }));
    // The memory limit stopped it, long before its time limit.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.kind).toBe('memory');
    expect(outcome.message).toBe('The code went over its memory limit of 8 MB');
  });

  it('stops runaway recursion inside the sandbox, not in the host', () => {
    const outcome = failed(run('function down(n) { return down(n + 1) + 1; } return down(0);'));
    expect(outcome.kind).toBe('error');
    expect(outcome.message).toMatch(/^InternalError: stack overflow/);
  });

  it('reaches no require, process, fetch, timers or host globals', () => {
    const outcome = run(`return {
      require: typeof require, process: typeof process, fetch: typeof fetch, setTimeout: typeof setTimeout,
      std: typeof std, os: typeof os, Buffer: typeof Buffer, module: typeof module, XMLHttpRequest: typeof XMLHttpRequest,
      viaConstructor: globalThis.constructor.constructor('return typeof process + "/" + typeof require')(),
      viaFunction: Function('return typeof globalThis.process')(),
      viaEval: eval('typeof fetch'),
    };`);
    expect(outcome).toMatchObject({
      ok: true,
      output: {
        require: 'undefined',
        process: 'undefined',
        fetch: 'undefined',
        setTimeout: 'undefined',
        std: 'undefined',
        os: 'undefined',
        Buffer: 'undefined',
        module: 'undefined',
        XMLHttpRequest: 'undefined',
        viaConstructor: 'undefined/undefined',
        viaFunction: 'undefined',
        viaEval: 'undefined',
      },
    });
  });

  it('cannot import modules: dynamic import() fails, static import does not parse', () => {
    expect(failed(run('const fs = await import("fs"); return fs.readFileSync("/etc/passwd", "utf8");')).message).toMatch(/could not load module 'fs'/);
    expect(failed(run('return (await import("node:child_process")).execSync("id")')).message).toMatch(/could not load module/);
    expect(failed(run('import fs from "fs";\nreturn 1;')).kind).toBe('syntax');
  });

  it('calling require or process fails as in any JavaScript without them', () => {
    expect(failed(run('return require("fs")')).message).toBe("ReferenceError: 'require' is not defined (line 1, column 8)");
    expect(failed(run('\n\nprocess.exit(1)')).message).toMatch(/^ReferenceError: 'process' is not defined \(line 3/);
  });

  it('reports a syntax error with its line and column, running nothing', () => {
    const outcome = failed(run('console.log("never");\nconst a = 1;\nconst b = ;\nreturn a;'));
    expect(outcome).toMatchObject({ kind: 'syntax', line: 3, column: 11, logs: [] });
    expect(outcome.message).toBe("Syntax error on line 3, column 11: unexpected token in expression: ';'");
  });

  it('gives the column in the code itself on the first line', () => {
    expect(failed(run('return );'))).toMatchObject({ kind: 'syntax', line: 1, column: 8 });
  });

  it('reports a thrown error by its message and where it was thrown', () => {
    const outcome = failed(run('const order = input.input;\nif (!order.id) throw new Error("order id missing");', { input: {} }));
    expect(outcome).toMatchObject({ kind: 'error', line: 2 });
    // QuickJS places a `new Error(...)` at its argument list.
    expect(outcome.message).toBe('Error: order id missing (line 2, column 31)');
    expect(failed(run('throw "plain text"')).message).toBe('Error: plain text');
  });

  it('fails a return value that is not JSON', () => {
    expect(failed(run('return 10n;')).message).toMatch(/^TypeError: the returned value is not JSON/);
  });

  it('fails code that waits for a promise nothing settles', () => {
    expect(failed(run('await new Promise(() => {}); return 1;')).message).toMatch(/never finished/);
  });

  it('captures console lines, with their level, also when the code then fails', () => {
    const ok = run('console.log("total", 3, { a: 1 }, [1, "b"], null, undefined); console.info("info"); console.warn("careful"); console.error(new Error("bad").message); return 1;');
    expect(ok).toEqual({ ok: true, output: 1, logs: ['total 3 {"a":1} [1,"b"] null undefined', 'info', '[warn] careful', '[error] bad'] });
    const failing = failed(run('console.log("before");\nthrow new TypeError("after");'));
    expect(failing.logs).toEqual(['before']);
  });

  it('caps the console: line count and line length', () => {
    const outcome = run(`for (let i = 0; i < ${CODE_LIMITS.maxLogLines + 50}; i++) console.log("line " + i); console.log("y".repeat(5000)); return 1;`);
    expect(outcome.logs).toHaveLength(CODE_LIMITS.maxLogLines + 1);
    expect(outcome.logs[0]).toBe('line 0');
    expect(outcome.logs[CODE_LIMITS.maxLogLines - 1]).toBe(`line ${CODE_LIMITS.maxLogLines - 1}`);
    expect(outcome.logs[CODE_LIMITS.maxLogLines]).toBe(`… 51 more lines not kept (at most ${CODE_LIMITS.maxLogLines})`);
    const long = run('console.log("y".repeat(5000)); return 1;');
    expect(long.logs[0]).toHaveLength(CODE_LIMITS.maxLogLineLength);
  });

  it('keeps nothing between executions: a global set by one is gone in the next', () => {
    expect(run('globalThis.leftover = 42; return 1;')).toMatchObject({ ok: true });
    expect(run('return typeof leftover;')).toMatchObject({ ok: true, output: 'undefined' });
  });

  it('disposes every runtime and context, and memory does not grow over 200 executions', () => {
    const tracked = new TestQuickJSWASMModule(quickjs);
    const mixed = [
      'return input.input.n * 2;',
      'console.log("x"); return [1, 2, 3].map((n) => n + input.input.n);',
      'throw new Error("no");',
      'const a = ;',
      'const big = []; for (let i = 0; i < 20000; i++) big.push({ i }); return big.length;',
    ];
    const execute = (i: number) => runCode(tracked, { code: mixed[i % mixed.length]!, input: { input: { n: i } }, timeoutMs: 2000, memoryMb: 16 });
    for (let i = 0; i < 20; i++) execute(i);
    const warmBytes = tracked.getWasmMemory().buffer.byteLength;
    for (let i = 0; i < 200; i++) execute(i);
    expect([...tracked.runtimes].filter((runtime) => runtime.alive)).toHaveLength(0);
    expect([...tracked.contexts].filter((context) => context.alive)).toHaveLength(0);
    // The WebAssembly heap grows in pages and never shrinks: reused memory keeps it where the warm-up left it.
    expect(tracked.getWasmMemory().buffer.byteLength).toBe(warmBytes);
  });
});
