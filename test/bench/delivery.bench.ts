/**
 * What a page downloads in JavaScript, against the budgets, as met/not-met lines. Which files: the
 * network log of headless Chromium opening a page of another origin that embeds the proxy's
 * `/conf-widgets.js` (the demo app, real sockets), with only the named elements on it, once every
 * element is defined. How many bytes: those files as the proxy sends them, br and gzip (the
 * build's precompressed copies; Chromium asks for br, and its own count of the br bytes received
 * is printed beside, a check that the proxy sent those files). kB = 1000 bytes.
 *
 * Then what each of those files is made of, by module (`dist/conf-widgets.modules.json`, written
 * by the build, see `scripts/bundle-config.mjs`): the file's br bytes shared out by each module's
 * size before minification, an estimate (modules compress unevenly), so the next cut is visible.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDemo } from '../../scripts/demo-server.js';
import { countApiRequests } from '../e2e/api-requests.js';
import { chromiumPath, ensureBundle, launchChromium, NO_CHROMIUM } from '../e2e/browser.js';

const ALL = [
  'conf-provider',
  'conf-speakers',
  'conf-schedule',
  'conf-abstracts',
  'conf-exhibits',
  'conf-registration-form',
  'conf-exhibit-form',
  'conf-checkin',
  'conf-workshops',
  'conf-abstract-form',
];
/** Pages and their budget in br bytes (issue 12); `null`: printed for reference only. */
const PAGES: { label: string; tags: string[]; budgetBr: number | null }[] = [
  { label: 'the loader alone (no element on the page)', tags: [], budgetBr: 3_000 },
  { label: 'a page with only <conf-schedule>', tags: ['conf-schedule'], budgetBr: 30_000 },
  { label: 'a page with only <conf-registration-form>', tags: ['conf-registration-form'], budgetBr: 25_000 },
  { label: 'a page with every element', tags: ALL, budgetBr: 70_000 },
];
/** pretalx's schedule widget, for reference (the issue's figure, gzip). */
const PRETALX_GZIP = 166_000;

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** Modules shown per file; the rest are summed on one line. */
const MODULES_SHOWN = 12;

/** The lines saying what each file is made of, by module, largest first (br bytes estimated). */
function composition(files: readonly string[]): string[] {
  const report = 'dist/conf-widgets.modules.json';
  if (!existsSync(report)) return [`  (no ${report}: run npm run build)`];
  const { chunks } = JSON.parse(readFileSync(report, 'utf8')) as { chunks: Record<string, [string, number][]> };
  const lines: string[] = [];
  const sized = files.map((f) => ({ file: f, br: readFileSync(`dist/${f}.br`).length }));
  for (const { file, br } of sized.sort((a, b) => b.br - a.br)) {
    const modules = chunks[file] ?? [];
    const rendered = modules.reduce((n, [, bytes]) => n + bytes, 0);
    lines.push(`  ${file}: ${kb(br)} br, ${modules.length} modules`);
    const share = (bytes: number) => (rendered ? (br * bytes) / rendered : 0);
    for (const [module, bytes] of modules.slice(0, MODULES_SHOWN)) {
      lines.push(`    ${kb(share(bytes)).padStart(8)}  ${module}`);
    }
    const rest = modules.slice(MODULES_SHOWN);
    if (rest.length) {
      const bytes = rest.reduce((n, [, b]) => n + b, 0);
      lines.push(`    ${kb(share(bytes)).padStart(8)}  ${rest.length} smaller modules`);
    }
  }
  return lines;
}

if (!chromiumPath()) {
  console.log(`delivery sizes: ${NO_CHROMIUM}`);
  process.exit(0);
}
ensureBundle();

const pages = new Map<string, string[]>(PAGES.map((p, i) => [`/p${i}`, p.tags]));
const cms = createServer((req, res) => {
  const tags = pages.get(req.url ?? '');
  res.statusCode = tags ? 200 : 404;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>CMS</title>` +
      `<script type="module" src="${demo.url}/conf-widgets.js"></script></head>` +
      `<body>${(tags ?? []).map((t) => `<${t}></${t}>`).join('')}</body></html>`,
  );
});
await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
const cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
const demo = await startDemo({ port: 0, allowedOrigins: [cmsOrigin], proxy: { logger: () => {} } });
const browser = await launchChromium();

console.log("JavaScript a page downloads (files from Chromium's network log; bytes as the proxy sends them):");
const downloaded = new Set<string>();
try {
  for (const [i, p] of PAGES.entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files: { path: string; received: Promise<number> }[] = [];
    page.on('requestfinished', (r) => {
      const url = new URL(r.url());
      if (url.origin === demo.url && url.pathname.endsWith('.js')) {
        files.push({ path: url.pathname.slice(1), received: r.sizes().then((s) => s.responseBodySize) });
      }
    });
    await page.goto(`${cmsOrigin}/p${i}`, { waitUntil: 'load' });
    await page.waitForFunction((tags) => tags.every((t) => customElements.get(t) !== undefined), p.tags, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    await context.close();
    const size = (suffix: string) => files.reduce((n, f) => n + readFileSync(`dist/${f.path}${suffix}`).length, 0);
    for (const f of files) downloaded.add(f.path);
    const br = size('.br');
    const gzip = size('.gz');
    const received = (await Promise.all(files.map((f) => f.received))).reduce((a, b) => a + b, 0);
    const verdict =
      p.budgetBr === null ? '' : `   goal <= ${kb(p.budgetBr)} br: ${br <= p.budgetBr ? 'met' : 'NOT met'}`;
    console.log(
      `  ${p.label.padEnd(44)} ${kb(br).padStart(9)} br ${kb(gzip).padStart(9)} gzip  (${files.length} files, ${kb(received)} received)${verdict}`,
    );
    console.log(
      `    ${files
        .map((f) => f.path)
        .sort()
        .join(', ')}`,
    );
  }
  console.log(
    `  ${"pretalx's schedule widget, for reference".padEnd(44)} ${''.padStart(12)} ${kb(PRETALX_GZIP).padStart(9)} gzip`,
  );
  console.log(
    'What those files are made of, by module (br shared out by size before minification, an estimate):\n' +
      composition([...downloaded]).join('\n'),
  );
  // Each resource once per page: the demo site's / has eleven elements, several reading the same lists.
  const api = await countApiRequests(browser, `${demo.url}/`);
  const once = api.requests.length === api.distinct;
  console.log(
    `API requests on the demo site's /: ${api.requests.length} for ${api.distinct} distinct URLs   goal one per distinct URL: ${once ? 'met' : 'NOT met'}`,
  );
  if (!once) console.log(`    asked more than once: ${JSON.stringify(api.repeated)}`);
} finally {
  await browser.close();
  await demo.close();
  cms.close();
}
