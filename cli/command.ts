/**
 * The shape of a `gavel` command. Each command is one file in cli/commands/
 * exporting `command`; the dispatcher finds them there, so adding a command
 * touches no other file.
 */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The directory relative paths are read from. */
  readonly cwd: string;
}

export interface CliCommand {
  readonly name: string;
  /** One line for `gavel --help`. */
  readonly summary: string;
  /** The usage line(s) and options, for `gavel <name> --help`. */
  readonly usage: string;
  /** Runs the command; resolves to the process exit code. Bad input is a message and a non-zero code, never a stack trace. */
  readonly run: (args: readonly string[], io: CliIo) => Promise<number>;
}

/** A usage error: the dispatcher prints the message and the command's usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** An input the command cannot use (missing file, malformed JSON…): the message is printed, exit code 1. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** Splits `--flag value` / `--flag=value` / `--switch` options from positional arguments. */
export function parseArgs(
  args: readonly string[],
  spec: { readonly values?: readonly string[]; readonly switches?: readonly string[] },
): { positional: string[]; values: Map<string, string>; switches: Set<string> } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const valueNames = new Set(spec.values ?? []);
  const switchNames = new Set(spec.switches ?? []);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--') || arg === '--') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (switchNames.has(name) && eq === -1) {
      switches.add(name);
    } else if (valueNames.has(name)) {
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      values.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positional, values, switches };
}
