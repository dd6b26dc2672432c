/**
 * The WordPress plugin as the proxy (key mode, issue 20), in figures: Debian's WordPress and
 * MariaDB under `php -S` (test/e2e/wordpress-stack.ts, the e2e test's stack) in front of a seeded
 * sandbox on loopback. One client, one request at a time, the series interleaved so drift hits
 * both sides alike:
 * - a cached read through WordPress against a static file from the same PHP server (the price of
 *   WordPress's bootstrap and one transient read);
 * - a miss (the cache switched off with the `conf_widgets_cache_policy` filter, so every read goes
 *   upstream) against the same read sent straight to the sandbox with the key.
 * Median and p95 in ms; the upstream calls of each series are counted (a cached series makes none).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEYS } from '../../sandbox/seed/demo.js';
import { API, startCountingUpstream } from '../conformance/proxy-conformance.js';
import { startWordPress, wordPressMissing } from '../e2e/wordpress-stack.js';

const N = 200;
const WARMUP = 10;
const READ = `${API}/events/events?limit=5`;
const KEY = DEMO_KEYS.all;

const missing = wordPressMissing();
if (missing) {
  console.log(`wordpress: skipped, ${missing}`);
  process.exit(0);
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function time(url: string, headers: Record<string, string> = {}, expect?: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  if (expect && res.headers.get('x-cache') !== expect)
    throw new Error(`${url}: X-Cache ${res.headers.get('x-cache')}, expected ${expect}`);
  return ms;
}

/** N timed requests of each of two series, alternating, after WARMUP untimed ones of each. */
async function pair(a: () => Promise<number>, b: () => Promise<number>): Promise<[number[], number[]]> {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < N; i++) {
    as.push(await a());
    bs.push(await b());
  }
  return [as, bs];
}

const line = (label: string, ms: number[]) =>
  `${label.padEnd(52)} median ${quantile(ms, 0.5).toFixed(2).padStart(7)} ms   p95 ${quantile(ms, 0.95).toFixed(2).padStart(7)} ms`;

const upstream = await startCountingUpstream();
const wp = await startWordPress(async () => 'https://proxy.example.org');
try {
  // Key mode, as an Administrator's save stores it (the settings' own sanitizers run).
  const set = spawnSync(
    'php',
    [
      '-r',
      `$_SERVER['HTTP_HOST'] = ${JSON.stringify(new URL(wp.url).host)}; $_SERVER['REQUEST_URI'] = '/';
       require ${JSON.stringify(join(wp.root, 'wp-load.php'))};
       update_option('conf_widgets_mode', 'key');
       update_option('conf_widgets_api_base', ${JSON.stringify(upstream.url)});
       update_option('conf_widgets_api_key', array('value' => ${JSON.stringify(KEY)}));
       echo conf_widgets_mode();`,
    ],
    { encoding: 'utf8' },
  );
  if (set.status !== 0 || !set.stdout.endsWith('key'))
    throw new Error(`key mode not set:\n${set.stdout}\n${set.stderr}`);
  const policyFile = join(wp.root, 'wp-content', 'mu-plugins', 'bench-policy.json');
  writeFileSync(
    join(wp.root, 'wp-content', 'mu-plugins', 'bench-policy.php'),
    `<?php\nadd_filter('conf_widgets_cache_policy', static function ($p) { $f = ${JSON.stringify(policyFile)}; return is_file($f) ? json_decode(file_get_contents($f), true) : $p; });\n`,
  );
  // Fresh for the whole cached series.
  writeFileSync(policyFile, JSON.stringify({ ttl: 3600, swr: 30, sie: 86400 }));

  const calls = () => upstream.requests.filter((r) => r.target.includes('/events/events')).length;
  console.log(
    `WordPress ${wp.version} under php -S (4 workers), PHP ${spawnSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' }).stdout}; ${N} requests per series, one at a time`,
  );

  await time(`${wp.url}${READ}`); // fills the cache
  let before = calls();
  const [cached, file] = await pair(
    () => time(`${wp.url}${READ}`, {}, 'hit'),
    () => time(`${wp.url}/wp-content/plugins/conf-widgets/contract.json`),
  );
  const cachedCalls = calls() - before;
  console.log(line('cached read through WordPress', cached) + `   (${cachedCalls} upstream calls)`);
  console.log(line('static file from the same php -S (contract.json)', file));
  console.log(
    `  ratio cached read / static file: median ${(quantile(cached, 0.5) / quantile(file, 0.5)).toFixed(1)}×, p95 ${(quantile(cached, 0.95) / quantile(file, 0.95)).toFixed(1)}×`,
  );

  // The cache off: every read through WordPress is a miss that goes upstream.
  writeFileSync(policyFile, JSON.stringify({ ttl: 0, swr: 0, sie: 0 }));
  before = calls();
  const [miss, direct] = await pair(
    () => time(`${wp.url}${READ}`, {}, 'miss'),
    () => time(`${upstream.url}${READ}`, { 'x-api-key': KEY }),
  );
  const missCalls = calls() - before - (N + WARMUP); // the direct calls counted too
  console.log(line('miss through WordPress (cache off)', miss) + `   (${missCalls} upstream calls)`);
  console.log(line('the same read straight to the sandbox', direct));
  console.log(
    `  WordPress's cost on a miss: median +${(quantile(miss, 0.5) - quantile(direct, 0.5)).toFixed(2)} ms, p95 +${(quantile(miss, 0.95) - quantile(direct, 0.95)).toFixed(2)} ms`,
  );
  if (cachedCalls !== 0 || missCalls !== N + WARMUP)
    throw new Error(
      `upstream calls: ${cachedCalls} for the cached series (0 expected), ${missCalls} for the misses (${N + WARMUP} expected)`,
    );
} finally {
  await wp.close();
  await upstream.close();
}
