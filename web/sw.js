// The game's offline copy: a phone that has opened the game once (or added it to its home
// screen) plays it again without a connection, against CPUs. `make web` fills in VERSION (a
// hash of the build) and FILES (everything in web/dist the game can load).
//
// Files whose names carry a content hash never change, so the stored copy is served. Every
// other file (the page, assets a modder may have changed) is asked of the server first, and
// the stored copy serves only when the server cannot be reached.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `ludo-${VERSION}`;
const HASHED = /[-_][0-9a-f]{8,}\.[a-z0-9]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

// An older build's copy goes once this one is in place.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ludo-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(answer(event.request, url));
});

async function answer(request, url) {
  const cache = await caches.open(CACHE);
  if (HASHED.test(url.pathname)) {
    const stored = await cache.match(request);
    if (stored) return stored;
  }
  try {
    return await fetch(request);
  } catch (offline) {
    // The page answers to any query (`?seats=…`) and to an invite's `/r/CODE`.
    const stored = (await cache.match(request, { ignoreSearch: true }))
      || (request.mode === 'navigate' ? await cache.match('./') : undefined);
    if (stored) return stored;
    throw offline;
  }
}
