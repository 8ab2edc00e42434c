import type { CliCommand } from '../command';
import { version } from '../gavel';

/** `gavel version`: the same as `gavel --version`, for scripts that prefer a command. */
export const command: CliCommand = {
  name: 'version',
  summary: 'print the Gavel version',
  usage: 'Usage: gavel version',
  run: async (_args, io) => {
    io.out(`${version()}\n`);
    return 0;
  },
};
