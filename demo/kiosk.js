// The kiosk works offline: a service worker keeps its page, styles and the element bundle, so a
// reload without a connection still opens it (the scans themselves wait in IndexedDB).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/kiosk-sw.js', { scope: '/kiosk' }).catch((e) => {
    console.warn('[kiosk] offline support unavailable:', e.message);
  });
}
