/* Service worker of the console (scope /custom/). Hand-written: it pre-caches nothing and serves the app shell
 * network-first, falling back to the last good copy when offline. The API and uploads are never touched.
 * A new version waits until the page asks it to take over (the 新内容可用 / 刷新 pop-up). */
const CACHE = 'gw-console-shell-v1';
const SCOPE = '/custom/';
const SHELL = '/custom/';
const BYPASS = ['/custom/api/', '/custom/uploads/'];

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  if (BYPASS.some((prefix) => url.pathname.startsWith(prefix))) return;
  event.respondWith(networkFirst(request));
});

/** Every page of the single-page app is the same index.html, so navigations share one cache entry. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const key = request.mode === 'navigate' ? SHELL : request;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}
