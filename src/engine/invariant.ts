/** Throws for programmer errors only; rule violations are returned as values, never thrown. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Invariant failed: ${message}`);
}

/** Exhaustiveness check for discriminated unions. */
export function assertNever(value: never, context: string): never {
  throw new Error(`Unexpected value in ${context}: ${JSON.stringify(value)}`);
}
