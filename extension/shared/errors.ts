/**
 * Errors that keep their meaning across a message hop: an Error is not
 * structured-cloneable in extension messaging, so it travels as plain data and
 * is rebuilt on the other side with its name, message, code and cause chain.
 */
export interface SerializedError {
  readonly name: string;
  readonly message: string;
  /** A stable machine-readable code where the thrower gave one (`'storage/quota'`). */
  readonly code?: string;
  readonly stack?: string;
  readonly cause?: SerializedError;
}

/** An error with a stable code; what handlers throw for expected failures. */
export class GavelError extends Error {
  override readonly name: string = 'GavelError';
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** An error that came from the other side of a message hop. */
export class RemoteError extends Error {
  override readonly name: string;
  readonly code: string | undefined;
  constructor(data: SerializedError) {
    super(data.message, data.cause === undefined ? undefined : { cause: new RemoteError(data.cause) });
    this.name = data.name;
    this.code = data.code;
    if (data.stack !== undefined) this.stack = data.stack;
  }
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const cause = (error as { cause?: unknown }).cause;
    return {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(error.stack === undefined ? {} : { stack: error.stack }),
      ...(cause === undefined || depth >= 5 ? {} : { cause: serializeError(cause, depth + 1) }),
    };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
}

export function deserializeError(data: SerializedError): RemoteError {
  return new RemoteError(data);
}

/** The message chain of an error and its causes, for logs and for the UI. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let i = 0; i < 6 && current !== undefined; i++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? (current as { cause?: unknown }).cause : undefined;
  }
  return parts.join(': ');
}
