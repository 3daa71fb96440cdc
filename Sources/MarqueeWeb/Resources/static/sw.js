// Marquee's service worker: pages and images saved for offline ("Downloads") open with no network, and so do the
// favourites and watchlist as last seen. Everything else goes to the network as usual; the network always wins
// when it answers.
"use strict";
const downloadsCache = "marquee-downloads-v1";
/** The last favourites and watchlist pages drawn, each with its owner in `X-Marquee-Account` (app.js drops any
 * whose owner is not the person signed in). */
const listsCache = "marquee-lists-v1";
const listPages = ["/favorites", "/watchlist"];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith("/api/")) return;
  if (url.origin === self.location.origin && request.mode === "navigate" && listPages.includes(url.pathname)) {
    event.respondWith(listPage(event, url.pathname));
    return;
  }
  event.respondWith(fromNetworkElseDownloads(request));
});

/** A favourites or watchlist page from the network, kept as the list's offline copy; without a network, that copy
 * (whatever tab, filter or page was asked for), marked with when it was drawn so the page can say so. */
async function listPage(event, path) {
  try {
    const response = await fetch(event.request);
    // The whole list is kept (no tab, filter or later page); a redirect is the way to sign in, not a list.
    const whole = !new URL(event.request.url).search;
    if (whole && response.ok && !response.redirected) event.waitUntil(keepList(path, response.clone()));
    return response;
  } catch (error) {
    const copy = await (await caches.open(listsCache)).match(path);
    return copy || fromNetworkElseDownloads(event.request);
  }
}

async function keepList(path, response) {
  const html = (await response.text()).replace("<body ", `<body data-offline-copy="${new Date().toISOString()}" `);
  const owner = /data-account="([^"]+)"/.exec(html);
  if (!owner) return;
  const headers = { "Content-Type": "text/html; charset=utf-8", "X-Marquee-Account": owner[1] };
  await (await caches.open(listsCache)).put(path, new Response(html, { headers }));
}

async function fromNetworkElseDownloads(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(downloadsCache);
    const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: request.mode === "navigate" }));
    if (hit) return hit;
    if (request.mode === "navigate") {
      const downloads = await cache.match("/downloads");
      if (downloads) return downloads;
    }
    throw error;
  }
}
