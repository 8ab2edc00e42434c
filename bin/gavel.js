#!/usr/bin/env node
// Installed entry point for `gavel`: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
process.env.GAVEL_CLI_MAIN = '1';
await import('../cli/gavel.ts');
