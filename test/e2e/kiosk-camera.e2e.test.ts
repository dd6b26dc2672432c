/**
 * The kiosk's camera, for real: Chromium's fake camera plays a generated video of a badge's QR
 * code (`--use-file-for-fake-video-capture`, a Y4M file written here from the QR symbol that
 * zxing-wasm's writer encodes), and `/kiosk.html` with its camera on checks that badge in. Where
 * Chromium has no BarcodeDetector of its own (Linux), this is the lazily loaded ZXing polyfill
 * with its WebAssembly from the proxy (beside the chunks, no `decoder-wasm` on the page): no
 * request leaves the proxy's origin, and with the network gone the service worker's copy decodes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { DEMO_KIOSK_TOKEN, startDemo, type StartedDemo } from '../../scripts/demo-server.js';
import { skippable } from '../skippable.js';
import { CHROME_ARGS, chromiumPath, ensureBundle, NO_CHROMIUM } from './browser.js';

const ADMIN_TOKEN = 'e2e-camera-admin';
const BADGE = 'DEMO-0042';
const WIDTH = 640;
const HEIGHT = 480;

/** A QR code of `text` as the modules' matrix (true = dark). */
async function qrModules(text: string): Promise<{ size: number; dark: (x: number, y: number) => boolean }> {
  prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(new URL('../../node_modules/zxing-wasm/dist/writer/zxing_writer.wasm', import.meta.url))
        .buffer as ArrayBuffer,
    },
  });
  const r = await writeBarcode(text, { format: 'QRCode', withQuietZones: false });
  const symbol = r.symbol;
  if (!symbol || r.error) throw new Error(`QR encoding failed: ${r.error}`);
  return { size: symbol.width, dark: (x, y) => symbol.data[y * symbol.width + x] === 0 };
}

/** A Y4M video (4:2:0) of the code, black on white, centred with a quiet zone; a few identical frames. */
function y4m(qr: { size: number; dark: (x: number, y: number) => boolean }, frames = 3): Buffer {
  const scale = Math.floor((HEIGHT * 0.7) / qr.size);
  const side = qr.size * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (qr.dark(Math.floor(x / scale), Math.floor(y / scale))) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

const skip = chromiumPath() ? false : NO_CHROMIUM;
const { after, before, describe, test } = skippable(skip);
if (skip) console.log(`# ${NO_CHROMIUM}`);

describe('kiosk camera: a badge shown to the fake camera is checked in', () => {
  let demo: StartedDemo;
  let browser: Browser;
  let dir: string;

  before(async () => {
    ensureBundle();
    dir = mkdtempSync(join(tmpdir(), 'kiosk-camera-'));
    const video = join(dir, 'badge.y4m');
    writeFileSync(video, y4m(await qrModules(BADGE)));
    demo = await startDemo({ port: 0, adminToken: ADMIN_TOKEN, proxy: { logger: () => {} } });
    browser = await chromium.launch({
      executablePath: chromiumPath()!,
      headless: true,
      args: [
        ...CHROME_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the QR code in the video checks the badge in', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    await context.grantPermissions(['camera'], { origin: demo.url });
    await context.addInitScript((token) => {
      localStorage.setItem(
        'conf-checkin:default:settings',
        JSON.stringify({ token, location: 'Camera door', camera: true, sounds: false }),
      );
    }, DEMO_KIOSK_TOKEN);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const decoderFetched: string[] = [];
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/^https?:$/.test(url.protocol) && url.origin !== demo.url) elsewhere.push(r.url());
    });
    page.on('response', (r) => {
      if (/\.wasm$|\/conf-widgets\/ponyfill-/.test(r.url())) {
        const h = r.headers();
        decoderFetched.push(`${r.status()} ${r.url()} ${h['content-type']} ${h['cache-control']}`);
      }
    });
    await page.goto(`${demo.url}/kiosk.html`);
    const native = await page.evaluate(() => 'BarcodeDetector' in window);

    await page.waitForFunction(
      () =>
        document.querySelector('conf-checkin')?.shadowRoot?.querySelector('[data-counter="checked-in"] dd')
          ?.textContent === '1',
      null,
      { timeout: 45_000 },
    );
    const word = await page.evaluate(
      () => document.querySelector('conf-checkin')?.shadowRoot?.querySelector('[part~="history"]')?.textContent ?? '',
    );
    assert.match(word, new RegExp(BADGE));
    if (!native) {
      const wasm = new RegExp(
        `^200 ${demo.url}/conf-widgets/zxing-reader-[\\w-]{8}\\.wasm application/wasm public, max-age=31536000, immutable$`,
      );
      assert.ok(
        decoderFetched.some((d) => wasm.test(d)),
        `the decoder from the proxy: ${decoderFetched.join(', ')}`,
      );
    }
    assert.deepEqual(elsewhere, [], 'no request to another host');

    const res = await fetch(`${demo.url}/__sandbox/__admin/checkins?conference=conf-demo&badge=${BADGE}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const checkins = ((await res.json()) as { data: { badgeCode: string; location: string | null }[] }).data;
    assert.deepEqual(
      checkins.map((c) => [c.badgeCode, c.location]),
      [[BADGE, 'Camera door']],
    );
    // The camera keeps seeing the badge: one scan, not one per frame.
    const scanned = await page.evaluate(
      () =>
        document.querySelector('conf-checkin')?.shadowRoot?.querySelector('[data-counter="scanned"] dd')?.textContent,
    );
    assert.equal(scanned, '1');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(
    "offline, the decoder comes from the service worker's cache and still reads the badge",
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      await context.grantPermissions(['camera'], { origin: demo.url });
      await context.addInitScript((token) => {
        if (!localStorage.getItem('conf-checkin:default:settings')) {
          localStorage.setItem(
            'conf-checkin:default:settings',
            JSON.stringify({ token, location: 'Offline door', camera: false, sounds: false }),
          );
        }
      }, DEMO_KIOSK_TOKEN);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${demo.url}/kiosk.html`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
      const kept = await page.evaluate(async () => {
        const keys = await Promise.all(
          (await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url)),
        );
        return keys.flat().filter((u) => u.endsWith('.wasm'));
      });
      assert.equal(kept.length, 1, `the worker keeps the decoder: ${kept.join(', ')}`);

      await context.setOffline(true);
      // The camera turned on now, so the decoder is first needed while offline.
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem('conf-checkin:default:settings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('conf-checkin:default:settings', JSON.stringify({ ...s, camera: true }));
      });
      await page.reload();
      await page.waitForFunction(
        () =>
          document.querySelector('conf-checkin')?.shadowRoot?.querySelector('[data-counter="scanned"] dd')
            ?.textContent === '1',
        null,
        { timeout: 45_000 },
      );
      // "Scanned" counts at once; "Waiting to send" once the scan is stored on the device (IndexedDB)
      // and its send has failed, a moment later.
      const waiting = await page
        .waitForFunction(
          () =>
            document.querySelector('conf-checkin')?.shadowRoot?.querySelector('[data-counter="waiting"] dd')
              ?.textContent === '1',
          null,
          { timeout: 10_000 },
        )
        .then(() => '1')
        .catch(async () =>
          page.evaluate(
            () =>
              document.querySelector('conf-checkin')?.shadowRoot?.querySelector('[data-counter="waiting"] dd')
                ?.textContent,
          ),
        );
      assert.equal(waiting, '1', 'read offline and kept to be sent');
      assert.deepEqual(errors, []);
      await context.close();
    },
  );
});
