// Marquee's service worker: pages and images saved for offline ("Downloads") open with no network, and so do the
// favourites and watchlist as last seen. Everything else goes to the network as usual; the network always wins
// when it answers.
"use strict";
const downloadsCache = "marquee-downloads-v1";
/** The first page of the favourites (all, and each experience's: `?kind=event`, …), of the watchlist and of the
 * favourite cities' weather as last drawn, each with its owner in `X-Marquee-Account`
 * (app.js drops any whose owner is not the person signed in) and the time it was kept; shown at most 30 days, as long
 * as an unused sign-in lasts, and only while the browser is signed in as the owner. */
const listsCache = "marquee-lists-v1";
const listPages = ["/favorites", "/watchlist", "/weather"];
const listCopyLifetime = 30 * 86400000;
/** The favourites an experience's navigation leads to, kept as copies of their own. */
const keptTabs = ["", "?kind=event", "?kind=artwork", "?kind=city"];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname.startsWith("/api/")) return;
  if (url.origin === self.location.origin && request.mode === "navigate" && listPages.includes(url.pathname)) {
    event.respondWith(listPage(event, url.pathname, url.search));
    return;
  }
  event.respondWith(fromNetworkElseDownloads(request));
});

/** A favourites or watchlist page from the network, kept as the list's offline copy; when Marquee cannot be reached
 * (no network, or a proxy's 502/503/504), that copy (whatever tab, filter or page was asked for), marked with when it
 * was drawn so the page can say so. */
async function listPage(event, path, search) {
  const kept = keptTabs.includes(search) ? path + search : null;
  const copy = async () => (kept && (await listCopy(kept))) || (await listCopy(path));
  let response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    return (await copy()) || fromNetworkElseDownloads(event.request);
  }
  if ([502, 503, 504].includes(response.status)) return (await copy()) || response;
  // Only first pages are kept (all, or one experience's kind; no filter or later page); a redirect is the way to
  // sign in, not a list.
  if (kept && response.ok && !response.redirected) event.waitUntil(keepList(kept, response.clone()));
  return response;
}

/** The list's copy, if it is recent and this browser is still signed in as its owner: the server renews the
 * `marquee_account` cookie with the session's, so a sign-in that lapsed takes the copy with it. Browsers without
 * `cookieStore` cannot tell here: the page checks the cookie itself and shows nothing until it has (app.js). */
async function listCopy(path) {
  const copy = await (await caches.open(listsCache)).match(path);
  if (!copy || Date.now() - Date.parse(copy.headers.get("X-Marquee-Kept-At")) >= listCopyLifetime) return null;
  if (!self.cookieStore) return copy;
  const signedIn = await self.cookieStore.get("marquee_account");
  return signedIn?.value === copy.headers.get("X-Marquee-Account") ? copy : null;
}

async function keepList(path, response) {
  const now = new Date().toISOString();
  const html = (await response.text()).replace("<body ", `<body data-offline-copy="${now}" `);
  const owner = /data-account="([^"]+)"/.exec(html);
  if (!owner) return;
  const headers = { "Content-Type": "text/html; charset=utf-8", "X-Marquee-Account": owner[1], "X-Marquee-Kept-At": now };
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
