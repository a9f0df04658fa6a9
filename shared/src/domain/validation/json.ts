// Limits on the shape of parsed JSON that every service applies before a
// route sees a body: nesting depth (deep values overflow the stack of
// recursive code such as JSON.stringify, and Firestore refuses maps deeper
// than 20) and well-formed Unicode (a lone surrogate makes Firestore's
// encoder fail; on a query it retried until the deadline).
import { isWellFormedText, toWellFormedText } from './ids.js';

/** Deepest JSON a client may send: objects and arrays count one level each. */
export const MAX_JSON_DEPTH = 32;

export interface JsonProblem {
  kind: 'depth' | 'unicode';
  /** Where, as a field path: 'input.items[3].name'; '' is the whole value. */
  path: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const safe = toWellFormedText(key);
  if (IDENTIFIER.test(safe)) return parent ? `${parent}.${safe}` : safe;
  return `${parent}[${JSON.stringify(safe)}]`;
}

/**
 * The first problem of a parsed JSON value (depth first, without recursion
 * so that the check itself cannot overflow), or null when there is none.
 */
export function findJsonProblem(value: unknown, maxDepth: number = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (!isWellFormedText(item.value)) return { kind: 'unicode', path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return { kind: 'depth', path: item.path };
    if (Array.isArray(item.value)) {
      for (let index = item.value.length - 1; index >= 0; index--) stack.push({ value: item.value[index], path: childPath(item.path, index), depth });
      continue;
    }
    const entries = Object.entries(item.value as Record<string, unknown>);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, inner] = entries[index]!;
      const path = childPath(item.path, key);
      if (!isWellFormedText(key)) return { kind: 'unicode', path };
      stack.push({ value: inner, path, depth });
    }
  }
  return null;
}

/** The English message of a problem, naming the field ('body' for the whole value). */
export function describeJsonProblem(problem: JsonProblem, what = 'body', maxDepth: number = MAX_JSON_DEPTH): string {
  if (problem.kind === 'unicode') return `${problem.path || what} is not well-formed Unicode (it holds a lone UTF-16 surrogate)`;
  // The top-level field: the full path of a 5,000-deep value is no help.
  const top = /^[^.[]+/.exec(problem.path)?.[0] ?? what;
  return `${top} is nested deeper than ${maxDepth} levels`;
}
