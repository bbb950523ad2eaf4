// companion's service worker, for the static site of `companion publish` (the server mode
// never registers it). Cache first: once the app has opened, it opens again with no
// network at all. Each build has its own cache, named after the site's version (a hash of
// its files, written here at build time): a new build installs a new worker on the next
// open, which drops the old cache. The app's data lives in IndexedDB, which this worker
// never touches. The compiled Python of earlier opens (companion/bytecode/) is kept by the
// page in a cache of its own, "companion-bytecode", which this worker answers from and
// never drops: the app's modules are checked against their build's key when read, and the
// standard library compiled by the page is served in place of the site's only when it was
// compiled from this very library.
"use strict";

const VERSION = "__SITE_VERSION__";
const CACHE = "companion-site-" + VERSION;
const CORE = __CORE_FILES__; // what the first open needs, the Python worker's files included
const BYTECODE = "companion-bytecode";
const LIBRARY = "__LIBRARY_HASH__"; // the hash of pyodide/python_stdlib.zip

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // What the first open needs, and everything an earlier build had kept (this build's
      // copy of it): after an update, the app still opens with no network.
      const wanted = new Set(CORE.map((path) => new URL(path, self.registration.scope).href));
      for (const name of await caches.keys()) {
        if (name.startsWith("companion-site-") && name !== CACHE) {
          for (const request of await (await caches.open(name)).keys()) wanted.add(request.url);
        }
      }
      // One by one: a file the host lacks must not void the rest.
      await Promise.all(
        [...wanted].map((url) =>
          cache.add(new Request(url, { cache: "no-cache" })).catch((err) =>
            console.warn("companion: not cached", url, err)
          )
        )
      );
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await deleteOtherBuilds();
      await self.clients.claim();
    })()
  );
});

// The page sends the files it loaded before this worker took control (the first open).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "cache" && Array.isArray(data.urls)) {
    event.waitUntil(keep(data.urls).then(dropOldBuilds));
  }
});

// The older builds' copies, dropped again by the worker in charge (the page hands it its
// files after each open): a superseded worker still answering the page it served when the
// new one took over can bring its cache back after the new one's activation dropped it.
// Not while a newer worker is on its way: this one's own cache would be the old one then.
async function dropOldBuilds() {
  const registration = self.registration;
  if (
    !self.serviceWorker ||
    registration.active !== self.serviceWorker ||
    registration.installing ||
    registration.waiting
  ) {
    return;
  }
  await deleteOtherBuilds();
}

// Every build's cache but this one's.
async function deleteOtherBuilds() {
  for (const name of await caches.keys()) {
    if (name.startsWith("companion-site-") && name !== CACHE) await caches.delete(name);
  }
}

// This build's cache, or null once a newer build's worker has dropped it: caches.open
// would bring a dropped cache back (a superseded worker still answering a fetch or a
// message of the page it served), and the old build's copy would never go.
async function ownCache() {
  return (await caches.has(CACHE)) ? caches.open(CACHE) : null;
}

async function keep(urls) {
  const cache = await ownCache();
  if (!cache) return;
  for (const url of urls) {
    if (new URL(url).origin !== self.location.origin || (await cache.match(url))) continue;
    try {
      await cache.add(url);
    } catch (err) {
      console.warn("companion: not cached", url, err);
    }
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.href.startsWith(new URL("bytecode/", self.registration.scope).href)) {
    // Only ever what the page stored: no host has these files.
    event.respondWith(
      caches
        .open(BYTECODE)
        .then((cache) => cache.match(request))
        .then((hit) => hit || new Response(null, { status: 404 }))
    );
    return;
  }
  if (url.href === new URL("pyodide/python_stdlib.zip", self.registration.scope).href) {
    event.respondWith(compiledLibrary().then((compiled) => compiled || fromCache(request)));
    return;
  }
  event.respondWith(fromCache(request));
});

async function compiledLibrary() {
  const cache = await caches.open(BYTECODE);
  const hit = await cache.match(new URL("bytecode/python_stdlib.zip", self.registration.scope).href);
  return hit && hit.headers.get("X-Companion-Library") === LIBRARY ? hit : null;
}

async function fromCache(request) {
  // Routes are in the hash: any page of the site is index.html. Looked up by name: unlike
  // caches.open, a match never creates the cache.
  const key = request.mode === "navigate" ? new URL("index.html", self.registration.scope).href : request;
  const hit = await caches.match(key, { cacheName: CACHE, ignoreSearch: request.mode === "navigate" });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    ownCache()
      .then((cache) => cache && cache.put(key, copy))
      .catch(() => {});
  }
  return response;
}
