/**
 * A server for `sandbox.bench.ts`, run in its own process so that the load generator's CPU (in
 * the bench process) weighs on neither side of a ratio. Started by `forkServer` below with one
 * JSON argument:
 *
 * - `{ role: 'sandbox', db }`: the sandbox on `db` (':memory:' or a file, WAL), check-in rate
 *   limit off;
 * - `{ role: 'raw', routes }`: a bare `node:http` server answering each path with fixed bytes
 *   from memory, after reading the request body like the sandbox must.
 *
 * It tells its URL over IPC, then answers requests from the bench (`ChildRequest`) and exits when
 * the bench disconnects (so a failed bench leaves no server behind).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export type ChildConfig =
  { role: 'sandbox'; db: string } | { role: 'raw'; routes: Record<string, { status: number; body: string }> };

export type ChildRequest =
  /** This process's CPU time so far, in µs (user + system). */
  | { type: 'cpu' }
  /** Make sure badges `BENCH-1` … `BENCH-<upTo>` exist (sandbox only); answers how many exist. */
  | { type: 'badges'; upTo: number }
  /** Check-ins recorded in the database (sandbox only). */
  | { type: 'checkins' };

export interface BenchChild {
  url: string;
  ask(request: ChildRequest): Promise<number>;
  /** Ends the child and waits for it (its database closed, its profile written). */
  close(): Promise<void>;
}

/** Starts a child server; `execArgv` adds node flags (e.g. `--cpu-prof`). */
export async function forkServer(config: ChildConfig, execArgv: string[] = []): Promise<BenchChild> {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(config)], {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server (${config.role}) exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as T);
      });
    });
  const { url } = await next<{ url: string }>();
  // One request at a time: the bench awaits each answer before the next.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    url,
    ask(request) {
      const answer = queue.then(() => {
        const reply = next<{ value: number }>();
        child.send(request);
        return reply.then((r) => r.value);
      });
      queue = answer.catch(() => {});
      return answer;
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

async function runChild(config: ChildConfig, send: (m: object) => void): Promise<void> {
  const cpu = () => {
    const used = process.cpuUsage();
    return used.user + used.system;
  };
  let handle: (request: ChildRequest) => number;
  let url: string;
  let close: () => Promise<void>;
  if (config.role === 'sandbox') {
    const { startSandbox } = await import('../../sandbox/index.js');
    const { DEMO_KEYS } = await import('../../sandbox/seed/demo.js');
    const started = await startSandbox({ db: config.db, rateLimit: false });
    const { store } = started.sandbox;
    const conferenceId = store.keys.findBySecret(DEMO_KEYS.all)!.conferenceId;
    const registrationId = store.registrations.list(conferenceId)[0]!.id;
    const insert = store.db.prepare('INSERT INTO badges (conference_id, code, registration_id) VALUES (?, ?, ?)');
    const countCheckins = store.db.prepare('SELECT COUNT(*) FROM badge_checkins').pluck();
    let badges = 0;
    handle = (request) => {
      switch (request.type) {
        case 'cpu':
          return cpu();
        case 'badges':
          // Added between runs, never during one: the insert costs nothing measured.
          store.db.transaction(() => {
            for (; badges < request.upTo;) insert.run(conferenceId, `BENCH-${++badges}`, registrationId);
          })();
          return badges;
        case 'checkins':
          return countCheckins.get() as number;
      }
    };
    url = started.url;
    close = () => started.close();
  } else {
    const routes = new Map(
      Object.entries(config.routes).map(([path, r]) => [path, { status: r.status, body: Buffer.from(r.body) }]),
    );
    const server = createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      req.resume();
      req.on('end', () => {
        if (!route) return void res.writeHead(404).end();
        res.writeHead(route.status, { 'content-type': 'application/json', 'content-length': route.body.length });
        res.end(route.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    handle = (request) => {
      if (request.type !== 'cpu') throw new Error(`raw server: no ${request.type}`);
      return cpu();
    };
    close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  }
  process.on('message', (request: ChildRequest) => send({ value: handle(request) }));
  // The bench is gone (done or failed): close the database (a file one checkpoints its WAL), exit.
  process.once('disconnect', () => void close().then(() => process.exit(0)));
  send({ url });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.send) throw new Error('sandbox-child.ts is started by sandbox.bench.ts (it needs an IPC channel)');
  const send = process.send.bind(process);
  await runChild(JSON.parse(process.argv[2]!) as ChildConfig, (m) => void send(m));
}
