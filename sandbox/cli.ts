/**
 * `npm run sandbox -- [options]` starts the sandbox; `npm run sandbox -- <command>` changes its
 * data (keys, registration, exhibition, workshops, modules) in the database file, sharing the
 * admin routes' operations. A running server sees the change on its next request.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MODULES, SCOPES } from '../src/api/contract.js';
import { Admin, describeConference, parseFee } from './admin/operations.js';
import { banner } from './banner.js';
import { DEFAULT_DB_PATH } from './db/open.js';
import { SandboxError } from './errors.js';
import { LARGE_KEY, largeSeed } from './seed/large.js';
import { createSandbox, startSandbox, type SeedFactory } from './index.js';

const HELP = `Sandbox of the conference platform's Public API v1, on SQLite.

(From the installed package: npx conf-widgets sandbox, with the same arguments.)

Start the server:
  npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--db PATH] [--fail-rate R]
                     [--lose-rate R] [--latency MS] [--admin-token T] [--starts-on YYYY-MM-DD]
                     [--no-idempotency] [--no-read-cache] [--seed demo|large]

    --port         port to listen on (default 4010; 0 picks a free one)
    --host         interface to bind (default 127.0.0.1)
    --db           SQLite file, or :memory: (default ${DEFAULT_DB_PATH}); seeded when empty
    --fail-rate    fraction 0..1 of API requests answered 503 before any processing
    --lose-rate    fraction 0..1 of writes recorded, then answered 500 (a lost answer)
    --latency      milliseconds added to every API answer
    --admin-token  enables the /__admin routes with Authorization: Bearer <token>
    --starts-on    first day of the demo conference when seeding (default: today in its zone)
    --no-idempotency  ignore Idempotency-Key on POSTs (by default the answer to a key is kept
                   24 h and replayed to repeats), as an upstream that does not honour it
    --no-read-cache  build every read from the database (by default a read's answer is kept
                   until the data it was built from changes)
    --seed         what an empty database is seeded with: demo (default; the demo conferences)
                   or large (2,000 events in 12 rooms over 3 days, 800 speakers; key ${LARGE_KEY})

Change the data (all take --db PATH and --conference ID; default: the demo conference):
  keys create --scopes a,b [--label L] [--expires ISO]   prints the new secret once
  keys revoke (--label L | --prefix P)                   by label or the secret's first characters
  keys list
  registration open | close
  registration phase on | off
  exhibition window --opens ISO|none --closes ISO|none
  exhibition fee AMOUNT [CURRENCY] | none               e.g. 250, 249.50 USD (major units)
  exhibition registration required | optional
  workshop capacity WORKSHOP_ID N
  module enable | disable NAME                          ${MODULES.join(', ')}
  conference status live | draft | archived
  conferences                                           lists conferences and their settings

Scopes: ${SCOPES.join(', ')}
`;

class UsageError extends Error {}

function usage(message: string): never {
  throw new UsageError(message);
}

function number(
  value: string | undefined,
  name: string,
  { min, max }: { min: number; max: number },
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max)
    usage(`${name} must be a number from ${min} to ${max}, got "${value}".`);
  return n;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        'fail-rate': { type: 'string' },
        'lose-rate': { type: 'string' },
        latency: { type: 'string' },
        'admin-token': { type: 'string' },
        'starts-on': { type: 'string' },
        'no-idempotency': { type: 'boolean' },
        'no-read-cache': { type: 'boolean' },
        seed: { type: 'string' },
        conference: { type: 'string' },
        scopes: { type: 'string' },
        label: { type: 'string' },
        prefix: { type: 'string' },
        expires: { type: 'string' },
        opens: { type: 'string' },
        closes: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    usage((err as Error).message);
  }
}

/** Where the CLI writes; tests pass their own to run commands in-process. */
export interface CliOutput {
  log(text: string): void;
  error(text: string): void;
}

let out: CliOutput = { log: (t) => console.log(t), error: (t) => console.error(t) };

function print(value: unknown): void {
  out.log(JSON.stringify(value, null, 2));
}

/** `--starts-on`, checked: the seed takes it as a calendar date. */
function startsOnOf(values: ReturnType<typeof parse>['values']): { startsOn?: string } {
  const startsOn = values['starts-on'];
  if (startsOn === undefined) return {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startsOn)) usage('--starts-on must be YYYY-MM-DD.');
  return { startsOn };
}

/** `--seed`, checked: the datasets an empty database gets. */
function seedOf(values: ReturnType<typeof parse>['values']): { seedData?: SeedFactory } {
  const seed = values.seed;
  if (seed === undefined || seed === 'demo') return {};
  if (seed === 'large') return { seedData: largeSeed };
  return usage(`--seed takes demo or large, got "${seed}".`);
}

function runCommand(positionals: string[], values: ReturnType<typeof parse>['values']): void {
  const sandbox = createSandbox({ db: values.db ?? DEFAULT_DB_PATH, ...startsOnOf(values) });
  try {
    const admin = new Admin(sandbox.store);
    const conf = values.conference;
    const [group, action, ...rest] = positionals;
    const instantOrNone = (v: string | undefined, name: string) =>
      v === undefined ? usage(`--${name} is required.`) : v === 'none' ? null : v;
    switch (`${group} ${action ?? ''}`.trim()) {
      case 'keys create': {
        if (!values.scopes) usage('keys create needs --scopes a,b (use "" for none).');
        const key = admin.createKey({
          ...(conf ? { conferenceId: conf } : {}),
          scopes: values.scopes
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          ...(values.label ? { label: values.label } : {}),
          expiresAt: values.expires ?? null,
        });
        print(key);
        out.error('The secret is shown once; only its hash is stored.');
        return;
      }
      case 'keys revoke':
        if (!values.label && !values.prefix) usage('keys revoke needs --label L or --prefix P.');
        print(
          admin.revokeKey({
            ...(conf ? { conferenceId: conf } : {}),
            ...(values.label ? { label: values.label } : {}),
            ...(values.prefix ? { prefix: values.prefix } : {}),
          }),
        );
        return;
      case 'keys list': {
        const c = admin.conference(conf);
        print(
          sandbox.store.keys.list(c.id).map((k) => ({
            id: k.id,
            label: k.label,
            prefix: k.prefix,
            scopes: k.scopes,
            revoked: k.revokedAt !== null,
            expiresAt: k.expiresAt === null ? null : new Date(k.expiresAt).toISOString(),
          })),
        );
        return;
      }
      case 'registration open':
      case 'registration close':
        print(describeConference(admin.setRegistrationOpen(conf, action === 'open')));
        return;
      case 'registration phase':
        if (rest[0] !== 'on' && rest[0] !== 'off') usage('registration phase takes on or off.');
        print(describeConference(admin.setOpenPhase(conf, rest[0] === 'on')));
        return;
      case 'exhibition window':
        print(
          describeConference(
            admin.setExhibition(conf, {
              opensAt: instantOrNone(values.opens, 'opens'),
              closesAt: instantOrNone(values.closes, 'closes'),
            }),
          ),
        );
        return;
      case 'exhibition fee':
        if (rest.length === 0) usage('exhibition fee takes an amount (e.g. 250 or 249.50 USD) or none.');
        print(describeConference(admin.setExhibition(conf, { fee: parseFee(rest.join(' ')) })));
        return;
      case 'exhibition registration':
        if (rest[0] !== 'required' && rest[0] !== 'optional')
          usage('exhibition registration takes required or optional.');
        print(describeConference(admin.setExhibition(conf, { requiresRegistration: rest[0] === 'required' })));
        return;
      case 'workshop capacity': {
        const [id, n] = rest;
        if (!id || n === undefined) usage('workshop capacity takes a workshop id and a number.');
        print(admin.setWorkshopCapacity(conf, id, number(n, 'The capacity', { min: 0, max: 100_000 })!));
        return;
      }
      case 'module enable':
      case 'module disable':
        if (!rest[0]) usage(`module ${action} takes a module name: ${MODULES.join(', ')}.`);
        print(describeConference(admin.setModule(conf, rest[0], action === 'enable')));
        return;
      case 'conference status':
        if (!rest[0]) usage('conference status takes live, draft or archived.');
        print(describeConference(admin.setStatus(conf, rest[0])));
        return;
      case 'conferences':
        print(admin.conferences().map(describeConference));
        return;
      default:
        usage(`Unknown command "${positionals.join(' ')}". See --help.`);
    }
  } finally {
    sandbox.close();
  }
}

async function serve(values: ReturnType<typeof parse>['values']): Promise<void> {
  const startsOn = startsOnOf(values);
  const failRate = number(values['fail-rate'], '--fail-rate', { min: 0, max: 1 });
  const loseRate = number(values['lose-rate'], '--lose-rate', { min: 0, max: 1 });
  const latencyMs = number(values.latency, '--latency', { min: 0, max: 60_000 });
  const port = number(values.port ?? process.env.PORT ?? '4010', '--port', { min: 0, max: 65535 })!;
  const token = values['admin-token'];
  if (token !== undefined && token.length < 8) usage('--admin-token must have at least 8 characters.');
  const db = values.db ?? DEFAULT_DB_PATH;
  const started = await startSandbox({
    db,
    port,
    hostname: values.host ?? '127.0.0.1',
    ...startsOn,
    ...seedOf(values),
    ...(failRate !== undefined ? { failRate } : {}),
    ...(loseRate !== undefined ? { loseRate } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(token ? { adminToken: token } : {}),
    ...(values['no-idempotency'] ? { idempotency: false } : {}),
    ...(values['no-read-cache'] ? { readCache: false } : {}),
  });
  const notes = [`  Database: ${db}`];
  if (failRate) notes.push(`  Fault injection: ${failRate * 100}% of API requests answer 503`);
  if (loseRate) notes.push(`  Lost answers: ${loseRate * 100}% of writes are recorded, then answered 500`);
  if (latencyMs) notes.push(`  Latency: +${latencyMs} ms per answer`);
  if (values['no-idempotency']) notes.push('  Idempotency-Key: ignored (--no-idempotency)');
  if (values['no-read-cache']) notes.push('  Read cache: off (--no-read-cache)');
  if (token) notes.push(`  Admin routes: ${started.url}/__admin (Authorization: Bearer <your token>)`);
  out.log(banner(started.url, notes));
  const stop = () => void started.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Runs the CLI; resolves to the exit code (a started server keeps running after 0). */
export async function runCli(argv: string[], output: CliOutput = out): Promise<number> {
  out = output;
  try {
    const { values, positionals } = parse(argv);
    if (values.help || positionals[0] === 'help') out.log(HELP);
    else if (positionals.length > 0) runCommand(positionals, values);
    else await serve(values);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      out.error(`sandbox: ${err.message}`);
    } else if (err instanceof SandboxError) {
      const fields = (err.details as { fields?: Record<string, string> } | undefined)?.fields;
      const entries = Object.entries(fields ?? {});
      if (entries.length > 1) {
        out.error('sandbox: invalid input:');
        for (const [k, v] of entries) out.error(`  ${k}: ${v}`);
      } else {
        out.error(`sandbox: ${err.message}`);
      }
    } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      out.error('sandbox: the port is in use; pick another with --port.');
    } else {
      out.error(`sandbox: ${String(err)}`);
    }
    return 1;
  }
}

const runDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const code = await runCli(process.argv.slice(2));
  if (code !== 0) process.exit(code);
}
