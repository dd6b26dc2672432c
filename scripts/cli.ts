#!/usr/bin/env node
/**
 * The package's command, `conf-widgets` (package.json `bin`, run from its build in
 * dist/node/scripts/cli.js, so an installed package needs no TypeScript loader): `start`, `proxy`
 * and `sandbox` are `npm start`, `npm run proxy` and `npm run sandbox` of a clone, each with its own
 * `--help`.
 */
import { VERSION } from '../src/core/version.js';

const HELP = `conf-widgets ${VERSION}: conference elements, their key-holding proxy and a sandbox of Public API v1.

Usage: conf-widgets <command> [options]

Commands:
  start     the proxy, the sandbox as its upstream and the demo site on one port (npm start)
  proxy     the proxy alone, in front of a real Public API v1 (npm run proxy)
  sandbox   the sandbox alone, or a change to its data (npm run sandbox)

conf-widgets <command> --help shows a command's options.
`;

const [command, ...rest] = process.argv.slice(2);
// `start` and `proxy` read their arguments from process.argv when they load: drop the command's name.
const asIfRunAlone = () => process.argv.splice(2, 1);

switch (command) {
  case 'start':
    asIfRunAlone();
    await import('./start.js');
    break;
  case 'proxy':
    asIfRunAlone();
    await import('../proxy/cli.js');
    break;
  case 'sandbox': {
    const { runCli } = await import('../sandbox/cli.js');
    const code = await runCli(rest);
    if (code !== 0) process.exit(code);
    break;
  }
  case undefined:
  case '--help':
  case '-h':
  case 'help':
    process.stdout.write(HELP);
    break;
  case '--version':
  case '-v':
    process.stdout.write(`${VERSION}\n`);
    break;
  default:
    process.stderr.write(`conf-widgets: unknown command "${command}".\n\n${HELP}`);
    process.exitCode = 2;
}
