// Service worker of /kiosk.html (scope /kiosk): keeps the kiosk's shell so a reload without a
// connection still opens it. Network first, so a new bundle shows up whenever the server is
// reachable; the cache answers when it is not. API calls are never cached or answered here: the
// kiosk keeps its scans itself and must see a dead connection as one.
const CACHE = 'conf-kiosk-v3';
const SHELL = ['/kiosk.html', '/kiosk.css', '/kiosk.js', '/kiosk.webmanifest', '/favicon.svg', '/conf-widgets.js'];
/** Files fetched later that the kiosk needs offline too: translation and decoder chunks, the decoder's WebAssembly. */
const RUNTIME = /^\/conf-widgets\/[^/]+\.(?:js|wasm)$/;
/** How long the network may take before the cached copy answers. */
const NETWORK_TIMEOUT_MS = 3000;

/** Most chunk files followed from the bundle (a bound, not an expected number). */
const MAX_CHUNKS = 200;
const CHUNK_REF = /["'`](\.{1,2}\/[\w./-]+?\.(?:js|wasm))["'`]/g;

/**
 * The bundle loads its code by relative URL from /conf-widgets/ (each element, the shared core,
 * translations, the camera decoder's JavaScript and, named by the kiosk's chunk, its WebAssembly):
 * keep every file it names, and the files those name, so the kiosk opens (and its camera decodes)
 * offline even if its first visit's files never went through this worker. A file that cannot be
 * fetched now is skipped, not fatal.
 */
async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  const start = new URL('/conf-widgets.js', self.location.origin).href;
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const url = queue.shift();
    let res = await cache.match(url);
    if (!res) {
      try {
        const fetched = await fetch(url);
        if (!fetched.ok) continue;
        await cache.put(url, fetched.clone());
        res = fetched;
      } catch {
        continue;
      }
    }
    if (url.endsWith('.wasm')) continue; // names nothing
    const text = await res.text();
    for (const m of text.matchAll(CHUNK_REF)) {
      const next = new URL(m[1], url).href;
      if (seen.size >= MAX_CHUNKS || seen.has(next) || !new URL(next).pathname.startsWith('/conf-widgets/')) continue;
      seen.add(next);
      queue.push(next);
    }
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('conf-kiosk-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

function networkFirst(request) {
  return new Promise((resolve) => {
    let settled = false;
    const fromCache = () =>
      caches.match(request, { ignoreSearch: true }).then((hit) => {
        if (settled) return;
        if (hit) {
          settled = true;
          resolve(hit);
        }
        return hit;
      });
    const timer = setTimeout(() => void fromCache(), NETWORK_TIMEOUT_MS);
    fetch(request)
      .then((res) => {
        clearTimeout(timer);
        if (res.ok) {
          const copy = res.clone();
          void caches.open(CACHE).then((c) => c.put(request, copy));
        }
        if (!settled) {
          settled = true;
          resolve(res);
        }
      })
      .catch(async () => {
        clearTimeout(timer);
        const hit = await fromCache();
        if (!settled) {
          settled = true;
          resolve(hit ?? Response.error());
        }
      });
  });
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (SHELL.includes(url.pathname) || RUNTIME.test(url.pathname) || url.pathname === '/kiosk') {
    event.respondWith(networkFirst(event.request));
  }
});
