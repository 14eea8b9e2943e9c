// Tablekeeper's service worker. It keeps the app shell (styles, icons, NiceGUI's versioned scripts) so the
// installed app opens quickly, and answers a page load without a network with a page that says so. Game state is
// never cached: it lives on the server, and every page reads it live.
const SHELL = "tk-shell-v2";
const OFFLINE = "/static/offline.html";
// What the offline page needs, fetched when the worker installs, during a first visit. The home-screen icons are not
// among them: the device keeps its own copy of an installed app's icon, and each icon fetched here was one more
// download on every first visit (10 KiB for the 192 px one).
const PRECACHE = [OFFLINE, "/static/tablekeeper.css", "/static/tablekeeper.js", "/static/favicon.svg",
                  "/static/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

function remember(request, response) {
  if (response.ok) {
    const copy = response.clone();
    caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages are live: always from the server; the offline page only when the server cannot be reached.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (/^\/_nicegui\/[^/]+\/(static|libraries|components)\//.test(url.pathname)) {
    // NiceGUI's files carry its version in the path: a cached copy is always right.
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((r) => remember(request, r))));
  } else if (url.pathname.startsWith("/static/")) {
    // Our own files: the cached copy now, a fresh one for next time.
    event.respondWith(caches.match(request).then((hit) => {
      const fresh = fetch(request).then((r) => remember(request, r));
      return hit || fresh;
    }));
  }
});
