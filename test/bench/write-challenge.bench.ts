/**
 * `npm run bench -- write-challenge`: what the proxy's proof-of-work challenge costs a visitor's
 * phone, and what it costs a script. Debian's Chromium (playwright-core) with the CPU throttled
 * 4× (`Emulation.setCPUThrottlingRate`, DevTools' "mid-tier mobile") solves challenges from a real
 * proxy with the browser code the forms use (`src/api/write-challenge.ts`, bundled by esbuild);
 * then Node solves the same with its native SHA-256, as a script would. Prints median and p95.
 *
 * CHALLENGE_RUNS (default 30) per difficulty; CHALLENGE_DIFFICULTIES (default 10000,20000,50000).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge as nativeSolve, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createProxy } from '../../proxy/index.js';
import { nodeListener } from '../../proxy/node.js';

const RUNS = Number(process.env.CHALLENGE_RUNS ?? 30);
const DIFFICULTIES = (process.env.CHALLENGE_DIFFICULTIES ?? '10000,20000,50000').split(',').map(Number);
const THROTTLE = 4;

const solver = (
  await build({
    entryPoints: [new URL('../../src/api/write-challenge.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    target: 'es2022',
  })
).outputFiles[0]!.text;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `median ${quantile(s, 0.5).toFixed(0)} ms, p95 ${quantile(s, 0.95).toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms`;
};

console.log(`solver module: ${solver.length} bytes minified`);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const difficulty of DIFFICULTIES) {
    let origin = '';
    const proxy = createProxy({
      upstream: 'http://127.0.0.1:9',
      apiKey: 'bench-key-0000001',
      bundlePath: null,
      logger: () => {},
      writeChallenge: { difficulty },
    });
    const api = nodeListener(proxy);
    const server = createServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
      } else if (req.url === '/solver.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(solver);
      } else {
        void api(req, res);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const phone = await page.evaluate(async (runs) => {
      // A page-relative module, resolved by the browser (a variable keeps the compiler out of it).
      const solverUrl = '/solver.js';
      const { solveChallenge } = (await import(solverUrl)) as typeof import('../../src/api/write-challenge.js');
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const { data } = (await (await fetch('/challenge')).json()) as { data: Parameters<typeof solveChallenge>[0] };
        const t = performance.now();
        await solveChallenge(data);
        times.push(performance.now() - t);
      }
      return times;
    }, RUNS);
    await page.close();

    const native: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { data } = (await (await fetch(`${origin}/challenge`)).json()) as { data: Challenge };
      const t = performance.now();
      await nativeSolve({ challenge: data, deriveKey });
      native.push(performance.now() - t);
    }
    server.close();
    await proxy.close();
    console.log(`difficulty ${difficulty} (counter uniform in [${difficulty / 2}, ${difficulty}]), ${RUNS} runs each:`);
    console.log(`  Chromium, CPU ${THROTTLE}× throttled (phone): ${summary(phone)}`);
    console.log(`  Node, native SHA-256 (a script):        ${summary(native)}`);
  }
} finally {
  await browser.close();
}
