/**
 * `npm start` as a user runs it: the script in its own process, on a free port. What it prints
 * must be true: the URLs answer and every demo key behaves as its line says.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { DEMO_KEYS } from '../sandbox/seed/demo.js';

const START = ['--import', 'tsx', 'scripts/start.ts'];

/** The environment of a fresh shell: no real service configured, an in-memory sandbox, no build. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { CONF_BASE_URL: _url, CONF_API_KEY: _key, CONF_KIOSK_TOKEN: _kiosk, ...rest } = process.env;
  return { ...rest, PORT: '0', HOST: '127.0.0.1', CONF_SANDBOX_DB: ':memory:', CONF_SKIP_BUILD: '1', ...extra };
}

describe('npm start', () => {
  it('prints the proxy URL, the sandbox URL and the seven demo keys, each behaving as printed', async () => {
    const child = spawn(process.execPath, START, { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      // The last line printed is the curl to the sandbox.
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (/curl .*__sandbox.*\n/.test(out)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const url = /^conf-widgets on (http:\/\/\S+)$/m.exec(out)?.[1];
      const sandbox = /^ {2}Sandbox .*: (http:\/\/\S+\/api\/public\/v1)$/m.exec(out)?.[1];
      assert.ok(url && sandbox, out);
      assert.equal(sandbox, `${url}/__sandbox/api/public/v1`);
      assert.match(out, /^ {2}Allowed origins: none besides .* CONF_ALLOWED_ORIGINS=https:\/\/your\.site$/m);

      // The proxy holds the key: no key from the caller.
      const viaProxy = await fetch(`${url}/api/public/v1/events/events?limit=1`);
      assert.equal(viaProxy.status, 200, await viaProxy.clone().text());
      assert.equal(((await viaProxy.json()) as { data: unknown[] }).data.length, 1);

      for (const key of Object.values(DEMO_KEYS)) {
        const line = new RegExp(`^ {4}${key} +(.+)$`, 'm').exec(out)?.[1];
        assert.ok(line, `${key} is not printed:\n${out}`);
        // A line naming a status and code promises that error; the others a working key.
        const promised = /(\d{3}) ([a-z_]+)$/.exec(line);
        const res: Response = await fetch(`${sandbox}/health`, { headers: { 'x-api-key': key } });
        const body = (await res.json()) as { error?: { code: string } };
        if (promised) {
          assert.equal(res.status, Number(promised[1]), key);
          assert.equal(body.error?.code, promised[2], key);
        } else {
          assert.equal(res.status, 200, `${key}: ${JSON.stringify(body)}`);
        }
      }
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });

  it('lists the allowed origins, and logs a refused origin once with the setting that adds it', async () => {
    const child = spawn(process.execPath, START, {
      env: env({ CONF_ALLOWED_ORIGINS: 'https://a.example, https://b.example' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const until = async (pattern: RegExp) => {
        for (let i = 0; i < 600 && !pattern.test(out); i++) await new Promise((r) => setTimeout(r, 50));
        assert.match(out, pattern);
      };
      await until(/curl .*__sandbox.*\n/);
      assert.match(out, /^ {2}Allowed origins \(CONF_ALLOWED_ORIGINS\): https:\/\/a\.example, https:\/\/b\.example$/m);
      const url = /^conf-widgets on (http:\/\/\S+)$/m.exec(out)![1]!;
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${url}/api/public/v1/events/venues?limit=1`, {
          headers: { origin: 'https://their.site' },
        });
        assert.equal(res.headers.get('access-control-allow-origin'), null);
        await res.text();
      }
      await until(/"origin_not_allowed"/);
      const refused = out.split('\n').filter((l) => l.includes('"origin_not_allowed"'));
      assert.equal(refused.length, 1, out);
      assert.ok(
        refused[0]!.includes('CONF_ALLOWED_ORIGINS=https://a.example,https://b.example,https://their.site'),
        refused[0],
      );
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });

  for (const [given, missing] of [
    ['CONF_BASE_URL', 'CONF_API_KEY'],
    ['CONF_API_KEY', 'CONF_BASE_URL'],
  ] as const) {
    it(`with only ${given} set: names ${missing}, starts nothing, exits non-zero`, () => {
      const value = given === 'CONF_API_KEY' ? 'sk_live_do_not_print_0123456789' : 'https://api.example.org';
      const r = spawnSync(process.execPath, START, { env: env({ [given]: value }), encoding: 'utf8', timeout: 30_000 });
      assert.notEqual(r.status, 0);
      assert.equal(r.signal, null, 'it exits by itself instead of serving');
      assert.match(r.stderr, new RegExp(`${missing} is not`));
      assert.doesNotMatch(r.stdout, /conf-widgets on/);
      assert.ok(!(r.stdout + r.stderr).includes('sk_live_do_not_print'), 'the key is never printed');
    });
  }
});
