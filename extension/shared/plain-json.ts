/**
 * Data crossing a boundary (message, storage) must be plain JSON. This check
 * names the first path that is not, so a Map or Date sneaking into a payload
 * fails loudly in development and tests instead of arriving as `{}`.
 */
export function findNonJson(value: unknown, path = '$', seen = new Set<unknown>()): string | null {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : `${path} is ${String(value)}`;
    case 'object': {
      if (seen.has(value)) return `${path} is a cycle`;
      seen.add(value);
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const bad = findNonJson(value[i], `${path}[${i}]`, seen);
          if (bad !== null) return bad;
        }
        seen.delete(value);
        return null;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
        return `${path} is a ${name}, not a plain object`;
      }
      for (const [key, child] of Object.entries(value)) {
        if (child === undefined) continue;
        const bad = findNonJson(child, `${path}.${key}`, seen);
        if (bad !== null) return bad;
      }
      seen.delete(value);
      return null;
    }
    default:
      return `${path} is a ${typeof value}`;
  }
}
