/**
 * `gavel`: the command-line side of Gavel, for hosts who work from saved pages
 * and for the project's corpus and benchmark runs.
 *
 *   npm run gavel -- --help
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InputError, UsageError, type CliCommand, type CliIo } from './command';
import { inputLimits } from './input';

const MB = 1024 * 1024;

const here = dirname(fileURLToPath(import.meta.url));

export function version(): string {
  const pkg = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Every command in cli/commands, sorted by name. */
export async function loadCommands(): Promise<CliCommand[]> {
  const dir = join(here, 'commands');
  const files = readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  const commands: CliCommand[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { command?: CliCommand };
    if (mod.command === undefined) throw new Error(`cli/commands/${file} does not export \`command\``);
    commands.push(mod.command);
  }
  return commands.sort((a, b) => a.name.localeCompare(b.name));
}

export function helpText(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length), 8);
  return [
    'gavel: vote counts, rule breaches and night resolution for forum Mafia hosts',
    '',
    'Usage: gavel <command> [options]     (from a checkout: npm run gavel -- <command> [options])',
    '       gavel <command> --help        details of one command',
    '       gavel --version',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Inputs: a saved page may be up to ${String(inputLimits.page / MB)} MB, any other file up to ${String(inputLimits.data / MB)} MB; bad input is`,
    'one message naming the file, the field and the problem (exit code 1).',
    '',
  ].join('\n');
}

/**
 * What a host sees when a command fails for a reason that is not bad input (a
 * fault of Gavel's): one line naming the error, never a stack trace unless
 * asked for with GAVEL_DEBUG=1.
 */
export function internalError(command: string, error: unknown, debug: boolean): string {
  if (debug && error instanceof Error && error.stack !== undefined) return `gavel ${command}: internal error: ${error.stack}\n`;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `gavel ${command}: internal error (${detail}); please report it with the input that caused it (GAVEL_DEBUG=1 shows where)\n`;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const commands = await loadCommands();
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.out(helpText(commands));
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.out(`${version()}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === first);
  if (command === undefined) {
    io.err(`gavel: unknown command "${first}"\n\n${helpText(commands)}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.usage.trimEnd()}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gavel ${command.name}: ${error.message}\n\n${command.usage.trimEnd()}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(`gavel ${command.name}: ${error.message}\n`);
      return 1;
    }
    io.err(internalError(command.name, error, process.env['GAVEL_DEBUG'] === '1'));
    return 70;
  }
}

const invokedDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly || process.env['GAVEL_CLI_MAIN'] === '1') {
  const io: CliIo = {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    cwd: process.env['INIT_CWD'] ?? process.cwd(),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`gavel: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
