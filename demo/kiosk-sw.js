// Service worker of /kiosk.html (scope /kiosk): keeps the kiosk's shell so a reload without a
// connection still opens it. Network first, so a new bundle shows up whenever the server is
// reachable; the cache answers when it is not. API calls are never cached or answered here: the
// kiosk keeps its scans itself and must see a dead connection as one.
const CACHE = 'conf-kiosk-v1';
const SHELL = ['/kiosk.html', '/kiosk.css', '/kiosk.js', '/kiosk.webmanifest', '/favicon.svg', '/conf-widgets.js'];
/** Files fetched later that the kiosk needs offline too: translation and decoder chunks, the decoder. */
const RUNTIME = /^\/(conf-widgets\/[^/]+\.js|zxing_reader\.wasm)$/;
/** How long the network may take before the cached copy answers. */
const NETWORK_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('conf-kiosk-') && k !== CACHE).map((k) => caches.delete(k))))
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
