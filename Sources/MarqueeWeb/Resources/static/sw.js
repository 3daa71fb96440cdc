// Marquee's service worker: pages and images saved for offline ("Downloads") open with no network. Everything
// else goes to the network as usual; the network always wins when it answers.
"use strict";
const downloadsCache = "marquee-downloads-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith("/api/")) return;
  event.respondWith(fromNetworkElseDownloads(request));
});

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
