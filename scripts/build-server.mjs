// The server half of `npm run build`: the proxy, the sandbox and the `conf-widgets` command as
// JavaScript bundles in dist/node/, their .d.ts beside them (tsc, declarations only).
//
// A front-end app installs the package for its elements, so the package's `dependencies` are what
// the browser runs. The server code's own dependencies (hono, @hono/node-server, undici, zod,
// altcha-lib) are bundled into these files instead; better-sqlite3 (native) and ioredis stay
// outside as optional peer dependencies, loaded only when the sandbox opens a database or the
// proxy's CLI is given `--redis`, each with an error naming what to install when it is missing.
//
//   dist/node/{proxy,sandbox,scripts}/<entry>.js   the package's server entry points
//   dist/node/proxy/chunk-<hash>.js                code they share (one copy of each module, so
//                                                  `conf-widgets/proxy` and `/proxy/node` agree)
//   dist/node/proxy/worker.js                      the Worker entry alone, every dependency inside
//                                                  and no `node:` import (platform neutral)
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

/** Entry points for Node (and Bun, Deno): package.json `exports`, `bin` and the CLI's subcommands. */
const NODE_ENTRIES = [
  'proxy/index.ts',
  'proxy/node.ts',
  'proxy/cli.ts',
  'proxy/stores/redis.ts',
  'sandbox/index.ts',
  'sandbox/cli.ts',
  'scripts/cli.ts',
  'scripts/start.ts',
];

/** Optional peers: never bundled; the code that needs one loads it late and names the install line. */
const PEERS = ['better-sqlite3', 'ioredis'];

/**
 * The upstream transport imports undici by a specifier in a variable, so that a Worker bundle never
 * follows it. For Node it must be bundled (it is no dependency of the package any more): this build
 * gives esbuild the literal specifier.
 */
const undiciLiteral = {
  name: 'undici-literal',
  setup(b) {
    b.onLoad({ filter: /[\\/]proxy[\\/]upstream[\\/]transport\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const pattern = 'import(/* @vite-ignore */ UNDICI)';
      if (!source.includes(pattern)) throw new Error(`${args.path} no longer contains ${pattern}`);
      return { contents: source.replace(pattern, "import('undici')"), loader: 'ts' };
    });
  },
};

export async function buildServer() {
  const declarations = spawnSync('npx', ['tsc', '-p', 'tsconfig.node.json', '--emitDeclarationOnly'], {
    stdio: 'inherit',
  });
  if (declarations.status !== 0) throw new Error('tsc (server declarations) failed');
  await build({
    entryPoints: NODE_ENTRIES,
    outbase: '.',
    outdir: 'dist/node',
    // Chunks sit beside the proxy's entries: `proxy/options.ts` finds the package's bundle from its
    // own URL as `../../conf-widgets.js`, wherever the module ends up in dist/node/proxy/.
    chunkNames: 'proxy/chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: PEERS,
    plugins: [undiciLiteral],
    // undici is CommonJS and requires Node's modules; an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __confCreateRequire } from 'node:module'; const require = __confCreateRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  await build({
    entryPoints: ['proxy/worker.ts'],
    outfile: 'dist/node/proxy/worker.js',
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
  });
}
