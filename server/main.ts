/**
 * `npm run server`: Gavel's sync server for co-hosts, on this machine.
 *
 *   npm run server -- --port 1234 --database gavel-sync.sqlite --address 127.0.0.1
 *
 * The same from the environment: GAVEL_SYNC_PORT, GAVEL_SYNC_DB, GAVEL_SYNC_ADDRESS.
 * Defaults: port 1234, ./gavel-sync.sqlite, 127.0.0.1 (this machine only; see the README
 * for serving a forum community behind TLS).
 */
import { startSyncServer } from './gavel-server';

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

const args = process.argv.slice(2);
const port = Number(option(args, 'port') ?? process.env.GAVEL_SYNC_PORT ?? 1234);
const database = option(args, 'database') ?? process.env.GAVEL_SYNC_DB ?? 'gavel-sync.sqlite';
const address = option(args, 'address') ?? process.env.GAVEL_SYNC_ADDRESS ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`gavel sync server: ${String(port)} is not a port number`);
  process.exit(2);
}
const running = await startSyncServer({ port, database, address, log: (line) => console.log(line) });
console.log(`Gavel sync server: ws://${address}:${running.port} (games stored in ${database}). Stop with Ctrl+C.`);
const stop = async (): Promise<void> => {
  await running.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
