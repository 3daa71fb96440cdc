// Marquee web app: progressive enhancement over server-rendered pages. Every call goes to the public /api/v1
// API with the session cookie and the page's CSRF token.
"use strict";
document.documentElement.classList.add("js");

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
const viewer = () => document.body.dataset.viewer || "anonymous";
const signedIn = () => viewer() !== "anonymous";

/** A failed API call: the server's error code, message and request id. */
class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || "Something went wrong. Please try again.");
    this.status = status;
    this.code = error.code || (status === 0 ? "network" : "unexpected");
    this.requestId = error.requestId;
  }
}

async function api(method, path, body, raw, signal) {
  const headers = { Accept: "application/json" };
  const token = $('meta[name="csrf-token"]');
  if (token) headers["X-CSRF-Token"] = token.content;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: "same-origin", signal });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    // The browser knows when it has no network at all; otherwise it is Marquee that did not answer.
    const message = navigator.onLine === false
      ? "You appear to be offline. Check the connection and try again."
      : "Marquee is not answering right now. Please try again in a moment.";
    throw new ApiError(0, { error: { code: "network", message } });
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's error page, not Marquee's JSON: the generic message stands.
  }
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

function toast(message, options = {}) {
  const box = $("#toasts");
  if (!box) return null;
  const item = document.createElement("div");
  item.className = "toast" + (options.bad ? " bad" : "");
  item.textContent = message;
  if (options.link) {
    const link = document.createElement("a");
    link.href = options.link.href;
    link.textContent = options.link.label;
    item.append(" ", link);
  }
  if (options.action) {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "btn small", textContent: options.action.label });
    button.addEventListener("click", () => { item.remove(); options.action.run(); }, { once: true });
    item.append(" ", button);
  }
  if (options.requestId) {
    const small = document.createElement("small");
    small.textContent = "Request " + options.requestId;
    item.append(small);
  }
  box.append(item);
  if (!options.sticky) setTimeout(() => item.remove(), options.bad || options.action ? 8000 : 4000);
  return item;
}

const signInPath = () => "/signin?next=" + encodeURIComponent(location.pathname + location.search);
const signInFirst = () => { location.href = signInPath(); };

/** The codes of a sign-in that is no longer good (a wrong password is not one of them). */
const endedSignIn = ["auth.session_ended", "auth.token_expired", "auth.invalid_token", "auth.required"];

/** Says what went wrong; a sign-in that has ended (signed out on another device) also offers signing in again. */
function fail(error) {
  if (endedSignIn.includes(error.code)) return signedOut(error.message);
  toast(error.message, { bad: true, requestId: error.requestId });
}

/** Tells, once, that this page's sign-in is over, with the way back (`/signin` returns here, or straight back if
 * another tab has signed in meanwhile). */
function signedOut(message) {
  // The lists' offline copies are the signed-out person's: nobody else may open them here.
  if (window.caches) caches.delete(listsCache);
  if ($(".toast[data-signed-out]")) return;
  const shown = toast(message || "You were signed out.", { bad: true, sticky: true, link: { href: signInPath(), label: "Sign in again" } });
  if (shown) shown.dataset.signedOut = "";
}

/** Leaves a message for the next page (after a redirect). */
function toastAfterNavigation(message) { sessionStorage.setItem("marquee.toast", message); }

// ---- Hearts and watchlist toggles ------------------------------------------------------------------------------

/** The element holding an item's identity: a card, or a detail page's action bar. */
function itemOf(button) { return button.closest("[data-kind][data-id]"); }

function snapshotOf(holder) {
  if (holder.dataset.title) {
    const snapshot = { title: holder.dataset.title, image_url: storedImage(holder.dataset.image), subtitle: holder.dataset.sub || null };
    if (holder.dataset.extra) snapshot.extra = JSON.parse(holder.dataset.extra);
    return snapshot;
  }
  const img = $("img", holder);
  const sub = $(".s", holder);
  const subtitle = holder.dataset.savedSub || (sub ? sub.textContent : null);
  const snapshot = { title: $(".t", holder).textContent, image_url: img ? storedImage(img.getAttribute("src")) : null, subtitle };
  if (holder.dataset.extra) snapshot.extra = JSON.parse(holder.dataset.extra);
  return snapshot;
}

/** A saved item's API path, and how a toast names its list. */
const itemPath = (list, kind, id) => `/api/v1/me/items/${list}/${kind}/${encodeURIComponent(id)}`;
const listLabel = (list) => (list === "favorites" ? "favourites" : "your watchlist");

const absolute = (url) => (url ? new URL(url, location.href).href : null);
/** An image as a saved item keeps it: this server's own images by path, so they still load when the server is
 * reached by another name (localhost, a new domain); other sites' by full address. */
function storedImage(url) {
  if (!url) return null;
  const full = new URL(url, location.href);
  return full.origin === location.origin ? full.pathname + full.search : full.href;
}
const itemKey = (kind, id) => kind + "/" + id;

/** The selector of the buttons that show membership of `list`. */
const listButtons = (list) => (list === "favorites" ? ".heart, .toggle[data-list=favorites]" : ".toggle[data-list=watchlist]");

/** Buttons showing whether (kind, id) is in `list`. */
function buttonsFor(kind, id, list) {
  return $$(`[data-kind="${kind}"][data-id="${CSS.escape(id)}"]`).flatMap((holder) =>
    $$(listButtons(list), holder).filter((b) => itemOf(b) === holder));
}

function showState(kind, id, list, on) {
  for (const button of buttonsFor(kind, id, list)) button.setAttribute("aria-pressed", on ? "true" : "false");
}

/** Hearts exist only with the script, so the server leaves them out of the cards it draws. */
function addHeart(card) {
  if ($(".heart", card)) return;
  const heart = document.createElement("button");
  heart.type = "button";
  heart.className = "heart";
  heart.setAttribute("aria-pressed", "false");
  heart.setAttribute("aria-label", "Favourite: " + $(".t", card).textContent);
  card.append(heart);
}

async function loadStates(root = document) {
  if (!signedIn()) return;
  const holders = $$("[data-kind][data-id]", root).filter((h) => $(".heart, .toggle", h));
  const seen = new Map();
  for (const h of holders) seen.set(itemKey(h.dataset.kind, h.dataset.id), { media_type: h.dataset.kind, id: h.dataset.id });
  const pairs = Array.from(seen.values());
  for (let i = 0; i < pairs.length; i += 100) {
    try {
      const answer = await api("POST", "/api/v1/me/items/states", { items: pairs.slice(i, i + 100) });
      for (const state of answer.results) {
        showState(state.media_type, state.id, "favorites", state.favorites);
        showState(state.media_type, state.id, "watchlist", state.watchlist);
      }
    } catch (error) {
      fail(error);
      break;
    }
  }
  showQueued();
}

async function toggle(button) {
  const holder = itemOf(button);
  const list = button.dataset.list || "favorites";
  const { kind, id } = holder.dataset;
  if (!signedIn()) {
    // Signing in (or continuing as a guest) comes back here; the save asked for is made then.
    const pending = { page: location.pathname + location.search, list, kind, id, snapshot: snapshotOf(holder), at: Date.now() };
    sessionStorage.setItem(pendingSaveKey, JSON.stringify(pending));
    return signInFirst();
  }
  const adding = button.getAttribute("aria-pressed") !== "true";
  showState(kind, id, list, adding);
  button.classList.remove("pop");
  void button.offsetWidth;
  button.classList.add("pop");
  const wish = { list, kind, id, adding, snapshot: adding ? snapshotOf(holder) : null, at: Date.now() };
  // This tap is the newest word on the item: one still waiting from offline is replaced by it, and one already on
  // its way arrives first.
  if (sendingQueued) await sendingQueued;
  forgetQueued((waiting) => sameItem(waiting, wish));
  const before = adding ? null : await itemAsItWas(list, kind, id);
  try {
    await sendWish(wish);
    if (adding) toast(`Added to ${listLabel(list)}.`);
    else toastRemoved(before);
    sendQueued();
  } catch (error) {
    if (unreachable(error)) {
      queue(wish);
      toast("Kept on this device until Marquee can be reached.");
      return;
    }
    showState(kind, id, list, !adding);
    fail(error);
  }
}

/** Makes a toggle's change: PUT to add, DELETE to remove (an item already gone counts as removed). A removal kept
 * from offline (`late`) is skipped, answering false, when the item changed after it was tapped: a note or rating
 * added on another device since then is not thrown away by an old tap. */
async function sendWish(wish, late = false) {
  const path = itemPath(wish.list, wish.kind, wish.id);
  if (wish.adding) return api("PUT", path, { snapshot: wish.snapshot });
  try {
    if (late && Date.parse((await api("GET", path)).updated_at) > wish.at) return false;
    await api("DELETE", path);
  } catch (error) {
    if (error.code !== "items.not_found") throw error;
  }
  return true;
}

/** An item as it is now, to put back if its removal is undone; null when there is none or it cannot be read. */
const itemAsItWas = (list, kind, id) => api("GET", itemPath(list, kind, id)).catch(() => null);

/** Says an item was removed, offering for a few seconds to put it back as it was: note, rating and watched date
 * included, which a second tap on the heart would not bring back. `restored` is told the change that did. */
function toastRemoved(before, restored) {
  if (!before) return toast("Removed.");
  const { list, media_type: kind, id } = before;
  toast(`Removed from ${listLabel(list)}.`, { action: { label: "Undo", run: async () => {
    const body = { snapshot: before.snapshot, note: before.note };
    if (list === "watchlist") Object.assign(body, { watched_at: before.watched_at, rating: before.rating });
    try {
      const change = await api("PUT", itemPath(list, kind, id), body);
      showState(kind, id, list, true);
      if (restored) restored(change);
      toast(`Put back in ${listLabel(list)}.`);
    } catch (error) { fail(error); }
  } } });
}

// ---- Toggles made while Marquee cannot be reached ---------------------------------------------------------------

/** Toggles that could not reach Marquee wait in this browser (the newest per item and list), filed under the
 * account that made them, and are sent in order once it answers again, so a heart tapped offline is not lost. */
const outboxKey = "marquee.outbox";
const account = () => document.body.dataset.account;
const sameItem = (a, b) => a.list === b.list && a.kind === b.kind && a.id === b.id;
/** No answer, or a proxy's or Marquee's "not now": try again later rather than undo. */
const unreachable = (error) => [0, 502, 503, 504].includes(error.status);
/** A toggle older than this is dropped unsent: a week later, the lists have moved on. */
const queuedLifetime = 7 * 86400000;
function outboxes() {
  try { return JSON.parse(localStorage.getItem(outboxKey)) || {}; } catch { return {}; }
}
const queued = () => (account() && outboxes()[account()]) || [];

function setQueued(wishes) {
  if (!account()) return;
  const all = outboxes();
  all[account()] = wishes;
  if (!wishes.length) delete all[account()];
  if (Object.keys(all).length) localStorage.setItem(outboxKey, JSON.stringify(all));
  else localStorage.removeItem(outboxKey);
}

const forgetQueued = (matches) => setQueued(queued().filter((w) => !matches(w)));
const queue = (wish) => setQueued([...queued().filter((w) => !sameItem(w, wish)), wish]);
const showQueued = () => queued().forEach((w) => showState(w.kind, w.id, w.list, w.adding));
let sendingQueued = null;

/** Sends what waits, oldest first, until one still cannot get through. One refused for good (the item cap) is
 * undone with its reason; an ended sign-in keeps them all. Tabs take turns (Web Locks) so none is sent twice. */
function sendQueued() {
  if (sendingQueued || !signedIn() || !queued().length) return sendingQueued;
  const run = async () => {
    let sent = 0;
    forgetQueued((w) => Date.now() - w.at > queuedLifetime);
    for (let wish; (wish = queued()[0]);) {
      try {
        if (await sendWish(wish, true)) sent++;
      } catch (error) {
        if (!unreachable(error)) fail(error);
        if (unreachable(error) || endedSignIn.includes(error.code)) break;
        showState(wish.kind, wish.id, wish.list, !wish.adding);
      }
      // This one only: a newer tap on the item, made while it was on its way, goes next.
      forgetQueued((w) => sameItem(w, wish) && w.at === wish.at);
    }
    if (sent) toast(`Saved ${sent} change${sent > 1 ? "s" : ""} made offline.`);
  };
  sendingQueued = (navigator.locks ? navigator.locks.request(outboxKey, run) : run()).catch(() => {})
    .finally(() => { sendingQueued = null; });
  return sendingQueued;
}

const pendingSaveKey = "marquee.pendingSave";

/** Makes the save a visitor asked for before signing in, once back on the same page signed in. */
async function finishPendingSave() {
  const pending = JSON.parse(sessionStorage.getItem(pendingSaveKey) || "null");
  if (!pending) return;
  // Kept through the sign-in pages; forgotten if the person went elsewhere or took longer than ten minutes.
  const here = pending.page === location.pathname + location.search;
  const stale = Date.now() - pending.at > 600000;
  if (here || stale) sessionStorage.removeItem(pendingSaveKey);
  if (!here || stale || !signedIn()) return;
  try {
    await sendWish({ ...pending, adding: true });
    toast(`Added to ${listLabel(pending.list)}.`);
  } catch (error) { fail(error); }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest(".heart, .toggle");
  if (button) { event.preventDefault(); toggle(button); }
});

/** Set-up steps of page scripts (search.js, saved.js, forms.js), run once the page is parsed. */
const onStart = [];
/** Page scripts' reactions to live changes and to snapshots. */
const changeListeners = [];
const snapshotListeners = [];

// ---- Live changes ---------------------------------------------------------------------------------------------

/** The live stream, and the id of the newest event it brought: a stream opened again resumes after that. */
let changes = null;
let lastEventID = null;

function connectChanges(delay = 1000) {
  if (!signedIn() || !window.EventSource) return;
  if (changes) changes.close();
  // A page drawn from a known point in the change log (read before anything on the page) resumes from it, so
  // nothing is missed in between.
  const drawnAt = $("body[data-since]");
  const since = lastEventID ?? (drawnAt && drawnAt.dataset.since);
  const query = since != null ? "?since=" + encodeURIComponent(since) : "";
  const source = new EventSource("/api/v1/me/changes/stream" + query);
  changes = source;
  const seen = (event) => { if (event.lastEventId) lastEventID = event.lastEventId; };
  source.addEventListener("change", (event) => { seen(event); applyChange(JSON.parse(event.data)); });
  // The first snapshot only confirms what the page was just drawn with. A later one (the log was compacted while
  // this page was away, or the server's database was reset) is the whole truth: page scripts reconcile with it. A
  // large one comes in parts; only the last (`more: false`) completes it.
  let parts = [];
  source.addEventListener("snapshot", (event) => {
    const snapshot = JSON.parse(event.data);
    parts.push(...snapshot.items);
    if (snapshot.more) return;
    const items = parts;
    parts = [];
    seen(event);
    if (snapshot.reason === "start") return;
    loadStates();
    for (const listener of snapshotListeners) listener(items);
  });
  source.addEventListener("account", (event) => accountChanged(JSON.parse(event.data).profile));
  source.addEventListener("end", () => { source.close(); signedOut(); });
  // Connected (again): Marquee answers, so toggles made meanwhile can go.
  source.addEventListener("open", () => { delay = 1000; parts = []; sendQueued(); });
  // The browser tries again by itself after a dropped connection, but gives up for good on an answer that is not
  // a stream (a proxy's 502 while Marquee restarts, a 503, a 429): find out why, and unless the sign-in has ended,
  // try again, waiting longer each time.
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED || changes !== source) return;
    setTimeout(async () => {
      if (changes !== source) return;
      try {
        await api("GET", "/api/v1/me");
      } catch (error) {
        if (endedSignIn.includes(error.code)) return signedOut(error.message);
      }
      if (changes === source) connectChanges(Math.min(delay * 2, 60000));
    }, delay * (0.5 + Math.random()));
  });
}

/** The account's preferences changed on some device. Another experience is another app: the home page opens into
 * it at once, and other pages offer to. */
function accountChanged(profile) {
  const drawn = document.body.dataset.experience;
  if (!profile || !profile.experience || !drawn || profile.experience === drawn) return;
  const name = profile.experience === "movies" ? "Movies & TV" : profile.experience[0].toUpperCase() + profile.experience.slice(1);
  document.body.dataset.experience = profile.experience;
  if (location.pathname === "/") {
    toastAfterNavigation(`Your app is about ${name} now.`);
    return location.reload();
  }
  toast(`Your app is about ${name} now.`, { link: { href: "/", label: "Open it" } });
}

// Browsers allow a handful of connections per server: a page being left gives its stream back at once, and one
// restored from the back/forward cache asks again what changed, then reconnects.
window.addEventListener("pagehide", () => { if (changes) changes.close(); changes = null; });
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  if (drawnForSomeoneElse()) return location.reload();
  loadStates();
  connectChanges();
});

/** Whether this page, come back to from the history, was drawn for someone other than who is signed in now (Back
 * after signing out or deleting the account, or after signing in): then it is drawn again, not shown as it was. The
 * server keeps `marquee_account` naming who is signed in. Offline, the page is the best there is. */
function drawnForSomeoneElse() {
  if (!navigator.onLine || document.body.hasAttribute("data-offline-copy")) return false;
  const signedInNow = (document.cookie.match(/(?:^|;\s*)marquee_account=([^;]*)/) || [])[1] || "";
  return (account() || "") !== signedInNow;
}

/** Whether a `clear` change removed items of `kind`: every kind when it names none. */
function clears(change, kind) {
  const kinds = change.media_types || (change.media_type ? [change.media_type] : null);
  return !kinds || kinds.includes(kind);
}

function applyChange(change) {
  if (change.op === "clear") {
    for (const b of $$(listButtons(change.list))) {
      if (clears(change, itemOf(b).dataset.kind)) b.setAttribute("aria-pressed", "false");
    }
  } else {
    showState(change.media_type, change.id, change.list, change.op === "upsert");
  }
  for (const listener of changeListeners) listener(change);
}

/** An editor put in place of a note (hidden meanwhile): a text box holding it, then Save and Cancel. */
function openNoteEditor(note) {
  const area = document.createElement("textarea");
  // No maxLength: browsers count UTF-16 units, the server counts characters (an emoji is one); it explains a note
  // that is too long, and the editor stays open.
  area.value = note.textContent;
  area.dir = "auto";
  area.setAttribute("aria-label", "Note");
  const save = smallButton("Save note", "saveNote");
  const cancel = smallButton("Cancel", "cancelNote");
  const editor = document.createElement("div");
  editor.append(area, save, cancel);
  note.hidden = true;
  note.after(editor);
  area.focus();
  return { editor, area, save, cancel };
}

function smallButton(label, data) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn small";
  button.dataset[data] = "";
  button.textContent = label;
  return button;
}

// ---- Paged grids (infinite scroll) ----------------------------------------------------------------------------

/** A copy of the page's `<template id="…">` element: markup is written once, in the server's templates. */
function fromTemplate(id) {
  return document.getElementById(id).content.firstElementChild.cloneNode(true);
}

/** How a card shows an item of a list: its link, picture, title and line, as the server draws it (`Card`). Pages
 * of other experiences add theirs (things.js). */
const cardLooks = {};
function cardLook(item) {
  if (cardLooks[item.media_type]) return cardLooks[item.media_type](item);
  const image = item.media_type === "person" ? item.profile : item.poster;
  return { href: `/${item.media_type}/${item.id}`, image: image && image.small, title: item.title, sub: item.media_type === "person" ? item.known_for_department : item.year };
}

/** A card for an item of a list (`card.mustache`), with its heart. */
function card(item) {
  const li = fromTemplate("card-template");
  const look = cardLook(item);
  li.dataset.kind = item.media_type;
  li.dataset.id = String(item.id);
  if (look.savedSub) li.dataset.savedSub = look.savedSub;
  if (look.extra) li.dataset.extra = JSON.stringify(look.extra);
  $("a", li).href = look.href;
  $("img", li).src = look.image || "/static/no-image.svg";
  $(".t", li).textContent = look.title;
  fillOrRemove($(".s", li), look.sub);
  addHeart(li);
  return li;
}

/** Shows `text` in `element`, or removes the element when there is none. */
function fillOrRemove(element, text) {
  if (text) element.textContent = String(text);
  else element.remove();
}

/** Placeholder cards shown while a page of results is on its way (hidden from screen readers; the grid is busy). */
function skeletons(count) {
  return Array.from({ length: count }, () => {
    const li = document.createElement("li");
    li.className = "skel";
    li.setAttribute("aria-hidden", "true");
    li.innerHTML = '<div class="skeleton"></div><span class="skeleton line"></span>';
    return li;
  });
}

/** Marks a grid as loading (with `count` placeholders at its end) or done. */
function busy(grid, count) {
  for (const old of $$(".skel", grid)) old.remove();
  grid.setAttribute("aria-busy", count > 0 ? "true" : "false");
  if (count > 0) grid.append(...skeletons(count));
}

/** Points a grid's plain "Next page" link (the no-script fallback) after `page`, or hides it after the last. */
function showNextLink(more, page, totalPages) {
  const next = $(".next", more);
  if (!next) return;
  const url = new URL(next.href);
  url.searchParams.set("page", String(page + 1));
  next.href = url.pathname + url.search;
  next.hidden = page >= totalPages;
}

/** Loads the next page of a grid whenever its end scrolls into view. */
function setUpPaging(grid) {
  const more = grid.nextElementSibling;
  if (!more || !window.IntersectionObserver) return;
  let loading = false;
  const observer = new IntersectionObserver(async (entries) => {
    if (!entries.some((e) => e.isIntersecting) || loading) return;
    const page = Number(grid.dataset.page);
    if (page >= Number(grid.dataset.totalPages)) return;
    loading = true;
    const source = grid.dataset.api;
    const separator = source.includes("?") ? "&" : "?";
    busy(grid, 6);
    try {
      const answer = await api("GET", `${source}${separator}page=${page + 1}`);
      // Search as you type may have replaced the grid while this page was on its way.
      if (grid.dataset.api !== source) return;
      const fragment = document.createElement("ul");
      for (const item of answer.results) fragment.append(card(item));
      loadStates(fragment);
      grid.append(...fragment.children);
      grid.dataset.page = String(answer.page);
      grid.dataset.totalPages = String(answer.total_pages);
      showNextLink(more, answer.page, answer.total_pages);
    } catch (error) {
      // No retry loop: the plain "Next page" link stays for a deliberate try.
      observer.disconnect();
      fail(error);
      return;
    } finally {
      loading = false;
      if (grid.dataset.api === source) busy(grid, 0);
    }
    grid.recheckPaging();
  }, { rootMargin: "600px" });
  observer.observe(more);
  // Observing afresh reports the current position again: used when the grid's content was replaced or grew.
  grid.recheckPaging = () => { observer.unobserve(more); observer.observe(more); };
}

// ---- Details: read more, trailer ------------------------------------------------------------------------------

document.addEventListener("click", (event) => {
  const more = event.target.closest(".read-more");
  if (more) {
    const text = document.getElementById(more.getAttribute("aria-controls"));
    const open = text.classList.toggle("clamp") === false;
    more.setAttribute("aria-expanded", String(open));
    more.textContent = open ? "Read less" : "Read more";
  }
  const trailer = event.target.closest("[data-trailer]");
  if (trailer) {
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(trailer.dataset.trailer)}?autoplay=1`;
    frame.title = "Trailer";
    frame.allow = "autoplay; encrypted-media; picture-in-picture";
    frame.allowFullscreen = true;
    trailer.replaceWith(frame);
  }
});

// ---- Offline: downloads ----------------------------------------------------------------------------------------

const downloadsCache = "marquee-downloads-v1";
/** The service worker's offline copies of the favourites and watchlist pages (sw.js). */
const listsCache = "marquee-lists-v1";
const downloadsKey = "marquee.downloads";
/** Recent searches (search.js); kept here because signing out forgets them too. */
const recentKey = "marquee.recentSearches";
const downloads = () => JSON.parse(localStorage.getItem(downloadsKey) || "[]");

async function saveForOffline(holder, button) {
  const page = location.pathname;
  const urls = [page, "/downloads", ...$$('link[rel=stylesheet], script[src], link[rel=icon]').map((e) => e.href || e.src)];
  button.disabled = true;
  try {
    const cache = await caches.open(downloadsCache);
    await cache.addAll(urls.map((u) => new Request(u, { credentials: "same-origin", cache: "reload" })));
    const images = [holder.dataset.image, ...$$("img.poster, img.backdrop").map((i) => i.src)].filter(Boolean).map(absolute);
    for (const src of images) {
      const sameOrigin = new URL(src).origin === location.origin;
      try {
        const request = new Request(src, sameOrigin ? {} : { mode: "no-cors" });
        await cache.put(request, await fetch(request));
      } catch { /* a missing image does not stop the page from working offline */ }
    }
    const entry = { href: page, title: holder.dataset.title, sub: holder.dataset.sub || "", image: absolute(holder.dataset.image), saved_at: new Date().toISOString() };
    localStorage.setItem(downloadsKey, JSON.stringify([entry, ...downloads().filter((d) => d.href !== page)]));
    showOfflineButton(button, true);
    toast("Saved for offline. Find it under Downloads.");
  } catch (error) {
    toast("Could not save this page for offline use.", { bad: true });
  } finally {
    button.disabled = false;
  }
}

async function removeDownload(href) {
  const cache = await caches.open(downloadsCache);
  await cache.delete(href);
  localStorage.setItem(downloadsKey, JSON.stringify(downloads().filter((d) => d.href !== href)));
}

function showOfflineButton(button, saved) {
  button.textContent = saved ? "Saved for offline ✓" : "Save for offline";
  button.setAttribute("aria-pressed", String(saved));
}

function setUpOffline() {
  if (!("serviceWorker" in navigator) || !window.caches) {
    const note = $("#downloads-unsupported");
    if (note) note.hidden = false;
    return;
  }
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  forgetOthersLists();
  const copy = document.body.dataset.offlineCopy;
  if (copy && !ownedOfflineCopy()) return;
  if (copy) {
    const at = new Date(copy).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    toast(`Marquee cannot be reached: this is the first page of your list as it was on ${at}.`, { bad: true, sticky: true });
  }
  const button = $("[data-offline]");
  if (button) {
    const holder = itemOf(button);
    button.hidden = false;
    showOfflineButton(button, downloads().some((d) => d.href === location.pathname));
    button.addEventListener("click", async () => {
      if (button.getAttribute("aria-pressed") === "true") {
        await removeDownload(location.pathname);
        showOfflineButton(button, false);
        toast("Removed from downloads.");
      } else {
        saveForOffline(holder, button);
      }
    });
  }
  const list = $("#downloads");
  if (list) renderDownloads(list);
}

/** Whether this offline copy of a list belongs to whoever this browser is signed in as now (`marquee_account`, which
 * lives and dies with the sign-in): only then is it shown (the stylesheet keeps it hidden until this says so).
 * Otherwise the copies go and the page says to sign in. The service worker checks too where it can read cookies. */
function ownedOfflineCopy() {
  const signedInNow = (document.cookie.match(/(?:^|;\s*)marquee_account=([^;]*)/) || [])[1] || "";
  if (signedInNow && signedInNow === account()) {
    document.body.setAttribute("data-owner-confirmed", "");
    return true;
  }
  caches.delete(listsCache);
  const main = $("#main");
  main.replaceChildren();
  const note = document.createElement("p");
  note.textContent = "Marquee cannot be reached, and this browser is not signed in as the person these lists belong to. Sign in once you are online again.";
  main.append(note);
  document.body.setAttribute("data-owner-confirmed", "");
  return false;
}

/** The lists' offline copies are one person's: another's go as soon as a page is drawn for someone else, or nobody. */
async function forgetOthersLists() {
  if (!(await caches.has(listsCache))) return;
  const cache = await caches.open(listsCache);
  for (const path of await cache.keys()) {
    const copy = await cache.match(path);
    if (copy && copy.headers.get("X-Marquee-Account") !== account()) await cache.delete(path);
  }
}

function renderDownloads(list) {
  const items = downloads();
  $("#downloads-empty").hidden = items.length > 0;
  list.replaceChildren(...items.map((d) => {
    const li = fromTemplate("card-template");
    li.classList.add("download");
    delete li.dataset.kind;
    delete li.dataset.id;
    $("a", li).href = d.href;
    $("img", li).src = d.image || "/static/no-image.svg";
    $(".t", li).textContent = d.title;
    fillOrRemove($(".s", li), d.sub);
    const remove = smallButton("Delete", "deleteDownload");
    remove.setAttribute("aria-label", "Delete download: " + d.title);
    remove.addEventListener("click", async () => { await removeDownload(d.href); renderDownloads(list); toast("Deleted from downloads."); });
    li.append(remove);
    return li;
  }));
}

// ---- Start ----------------------------------------------------------------------------------------------------

function start() {
  const arrival = performance.getEntriesByType("navigation")[0];
  if (arrival && arrival.type === "back_forward" && drawnForSomeoneElse()) return location.reload();
  const pending = sessionStorage.getItem("marquee.toast");
  if (pending) { sessionStorage.removeItem("marquee.toast"); toast(pending); }
  window.addEventListener("offline", () => toast("You are offline. Downloads still open, and hearts wait for you to be back.", { bad: true }));
  window.addEventListener("online", () => sendQueued());
  setInterval(sendQueued, 30000);
  for (const card of $$(".card[data-kind]")) addHeart(card);
  for (const step of onStart) step();
  setUpOffline();
  for (const grid of $$(".grid[data-api]")) setUpPaging(grid);
  finishPendingSave().then(() => sendQueued()).then(() => loadStates());
  connectChanges();
}

// Deferred scripts (this one and the page's own) all run before DOMContentLoaded.
document.addEventListener("DOMContentLoaded", start);
