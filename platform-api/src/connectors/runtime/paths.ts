/** A zod issue path as the dotted path errors name ('properties.amount'). */
export function pathOf(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'symbol' ? (key.description ?? '') : String(key))).join('.');
}
