// Marquee: the favourites and watchlist pages (notes, watched, rating, remove, import) kept live by app.js's
// change stream. Loaded after app.js on those pages only.
"use strict";
// ---- Favourites and watchlist pages ---------------------------------------------------------------------------

const savedList = () => $("main[data-saved-list]");

/** An entry of the list (`saved-entry.mustache`, which the page carries as a template). `watchlist` is implied by
 * the page's template: its entries have the watched and rating controls. */
function savedEntry(item) {
  const li = fromTemplate("saved-entry-template");
  li.dataset.kind = item.media_type;
  li.dataset.id = item.id;
  const prefix = { city: "/weather", event: "/events", artwork: "/art" }[item.media_type] || "/" + item.media_type;
  const href = `${prefix}/${encodeURIComponent(item.id)}`;
  for (const link of $$("a", li)) link.href = href;
  const img = $("img", li);
  img.src = item.snapshot.image_url || "/static/no-image.svg";
  img.alt = (item.media_type === "person" ? "Photo of " : "Poster of ") + item.snapshot.title;
  $(".t", li).textContent = item.snapshot.title;
  fillOrRemove($("span.s", li), item.snapshot.subtitle);
  const watchedOn = item.watched_at && new Date(item.watched_at).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  fillOrRemove($("p.s.good", li), watchedOn && "Watched " + watchedOn + (item.rating ? ` · rated ${item.rating}/10` : ""));
  $(".note", li).textContent = item.note || "";
  // Each entry's buttons are named by its title, so "Remove" is not one of twenty alike to a screen reader.
  $(".item-actions", li).setAttribute("aria-label", item.snapshot.title);
  $("[data-edit-note]", li).textContent = item.note ? "Edit note" : "Add note";
  const watched = $("[data-watched]", li);
  if (watched) {
    watched.textContent = item.watched_at ? "Watched ✓" : "Mark watched";
    watched.setAttribute("aria-pressed", item.watched_at ? "true" : "false");
    const rate = $("[data-rate]", li);
    rate.id = `rate-${item.media_type}-${item.id}`;
    $("label", li).htmlFor = rate.id;
    rate.value = item.rating ? String(item.rating) : "";
  }
  return li;
}

/** Whether an item saved (`isNew`) or changed just now belongs at the top of what the page shows: its first page,
 * newest (created, or for a new item also changed) first. */
function newestOnTop(main, isNew) {
  const { sort, order } = main.dataset;
  const firstPage = !new URLSearchParams(location.search).has("cursor");
  return firstPage && order === "desc" && (sort === "updated" || (sort === "created" && isNew));
}

/** Puts `fresh` in place of `old`; the control that had focus in `old` (or `focused`) gets it back in `fresh`. */
function replaceEntry(old, fresh, focused = old.contains(document.activeElement) ? document.activeElement : null) {
  old.replaceWith(fresh);
  if (!focused) return;
  const same = ["data-watched", "data-rate", "data-remove"].find((a) => focused.hasAttribute(a)) || "data-edit-note";
  const target = $(`[${same}]`, fresh);
  if (target) target.focus();
}

/** An entry whose note is being edited keeps the text typed: a change from elsewhere waits until the editor closes. */
function holdWhileEditing(li, item) {
  if (!$("textarea", li) || "saving" in li.dataset) return false;
  li.pendingItem = item;
  const hint = $(".held", li) || Object.assign(document.createElement("p"), { className: "s held" });
  hint.textContent = item ? "This item changed on another device; it will update when you close the note." :
    "This item was removed on another device.";
  $(".item-actions", li).before(hint);
  return true;
}

/** Removes an entry; focus, if it was there, moves to the next entry (or the previous, or the list's heading)
 * instead of the page. */
function removeEntry(li, hadFocus = li.contains(document.activeElement)) {
  if (holdWhileEditing(li, null)) return;
  const neighbour = li.nextElementSibling || li.previousElementSibling;
  li.remove();
  showEmptyState();
  if (!hadFocus) return;
  if (neighbour) return $("button", neighbour).focus();
  const heading = $("h1");
  heading.tabIndex = -1; // focusable from script only
  heading.focus();
}

/** Makes the list agree with a snapshot: entries refreshed or removed, missing ones added where they belong. */
function reconcile(main, items) {
  const box = $("#saved-items");
  const list = main.dataset.savedList;
  const fresh = new Map(items.filter((i) => i.list === list).map((i) => [itemKey(i.media_type, i.id), i]));
  for (const li of $$(".saved-item", box)) {
    const key = itemKey(li.dataset.kind, li.dataset.id);
    const item = fresh.get(key);
    if (item && shown(main, item)) { if (!holdWhileEditing(li, item)) replaceEntry(li, savedEntry(item)); }
    else removeEntry(li);
    fresh.delete(key);
  }
  const filtered = main.dataset.kind || main.dataset.query || main.dataset.watched;
  if (!filtered && fresh.size > 0) {
    if (newestOnTop(main, true)) for (const item of fresh.values()) box.prepend(savedEntry(item));
    else elsewhere(fresh.size);
  }
  showEmptyState();
}

/** Whether an item belongs under the watchlist's Show choice (`data-watched`: "true", "false", or empty for all). */
const shown = (main, item) => !main.dataset.watched || String(!!item.watched_at) === main.dataset.watched;

/** Takes out an entry the Show choice no longer covers (marked watched while showing what is left to watch). */
function moveOut(li, item) {
  if (holdWhileEditing(li, item)) return;
  removeEntry(li);
  toast(`“${item.snapshot.title}” is now under ${item.watched_at ? "Watched" : "To watch"}.`);
}

function showEmptyState() { $("#saved-empty").hidden = $$("#saved-items .saved-item").length > 0; }

/** Items saved elsewhere that belong further along in this order, or on another page: said, not put on top. */
function elsewhere(count) {
  toast(`${count === 1 ? "An item was" : count + " items were"} saved on another device.`, {
    link: { href: location.pathname + location.search, label: "Show" },
  });
}

function applySavedChange(main, change) {
  const box = $("#saved-items");
  const kind = main.dataset.kind;
  if (change.op === "clear") {
    for (const li of $$(".saved-item", box)) if (clears(change, li.dataset.kind)) removeEntry(li);
    return;
  }
  const old = $$(".saved-item", box).find((li) => li.dataset.kind === change.media_type && li.dataset.id === change.id);
  if (change.op === "delete") {
    if (old) removeEntry(old);
    return;
  }
  if (!shown(main, change.item)) {
    if (old) moveOut(old, change.item);
    return;
  }
  // A new item shows only where it belongs: the right kind, and no search filter it might not match.
  if (!old && ((kind && kind !== change.media_type) || main.dataset.query)) return;
  if (old && holdWhileEditing(old, change.item)) return;
  const fresh = savedEntry(change.item);
  fresh.classList.add("flash");
  if (old) {
    const focused = old.contains(document.activeElement) ? document.activeElement : null;
    if (newestOnTop(main, false)) box.prepend(old);
    replaceEntry(old, fresh, focused);
  } else if (newestOnTop(main, true)) box.prepend(fresh);
  else elsewhere(1);
  showEmptyState();
}

onStart.push(function setUpSavedPage() {
  const main = savedList();
  if (!main) return;
  changeListeners.push((change) => { if (main.dataset.savedList === change.list) applySavedChange(main, change); });
  snapshotListeners.push((items) => reconcile(main, items));
  const list = main.dataset.savedList;
  for (const menu of $$("#saved-sort, #saved-show")) {
    // Picked with the mouse, a choice applies at once; with the arrow keys every press would reload the page, so
    // there the Apply button does it.
    let keyed = false;
    menu.addEventListener("keydown", () => { keyed = true; });
    menu.addEventListener("pointerdown", () => { keyed = false; });
    menu.addEventListener("change", () => { if (!keyed) menu.form.submit(); });
  }
  const pathOf = (li) => itemPath(list, li.dataset.kind, li.dataset.id);
  const update = async (li, body) => {
    try {
      const change = await api("PATCH", pathOf(li), body);
      applySavedChange(main, change);
    } catch (error) { fail(error); }
  };
  $("#saved-items").addEventListener("click", async (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const li = button.closest(".saved-item");
    if (button.hasAttribute("data-remove")) {
      // Marked busy rather than disabled: a disabled button loses focus, and focus should go to the next entry.
      if (button.getAttribute("aria-disabled") === "true") return;
      button.setAttribute("aria-disabled", "true");
      try {
        const before = await itemAsItWas(main.dataset.savedList, li.dataset.kind, li.dataset.id);
        applySavedChange(main, await api("DELETE", pathOf(li)));
        toastRemoved(before, (change) => applySavedChange(main, change));
      } catch (error) {
        button.removeAttribute("aria-disabled");
        fail(error);
      }
    } else if (button.hasAttribute("data-watched")) {
      await update(li, { watched: button.getAttribute("aria-pressed") !== "true" });
    } else if (button.hasAttribute("data-edit-note")) {
      editNote(li, update);
    }
  });
  $("#saved-items").addEventListener("change", (event) => {
    if (event.target.matches("[data-rate]")) {
      const value = event.target.value;
      update(event.target.closest(".saved-item"), { rating: value ? Number(value) : null });
    }
  });
  const form = $("#import-form");
  if (form) form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = $("#import-file").files[0];
    const report = $("#import-report");
    const submit = $("button[type=submit]", form);
    if (!file || submit.disabled) return;
    submit.disabled = true;
    report.textContent = "Importing…";
    try {
      // The bytes as they are: decoded here, a file in another encoding would arrive with its letters replaced.
      const answer = await api("POST", `/api/v1/me/import?list=${list}`, undefined, await file.arrayBuffer());
      showImportReport(report, answer);
    } catch (error) {
      report.textContent = error.message;
    } finally {
      submit.disabled = false;
    }
  });
});

/** The import's outcome in words: every row that was not imported, in file order (the first 20, then how many more). */
function showImportReport(report, answer) {
  if (answer.rows === 0) {
    report.textContent = "The file has no rows to import.";
    return;
  }
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const parts = [`Imported ${answer.imported} of ${plural(answer.rows, "row", "rows")}.`];
  if (answer.already_saved) parts.push(`${plural(answer.already_saved, "was", "were")} already saved.`);
  if (answer.not_matched.length) parts.push(`${answer.not_matched.length} not found in the catalog.`);
  if (answer.invalid.length) parts.push(`${plural(answer.invalid.length, "row", "rows")} could not be read.`);
  const skipped = [...answer.not_matched, ...answer.invalid].sort((a, b) => a.row - b.row);
  report.replaceChildren(parts.join(" "));
  if (skipped.length === 0) return;
  const list = document.createElement("ul");
  for (const row of skipped.slice(0, 20)) {
    const li = document.createElement("li");
    li.textContent = `Row ${row.row}${row.title ? ` (${row.title})` : ""}: ${row.reason}`;
    list.append(li);
  }
  if (skipped.length > 20) list.append(Object.assign(document.createElement("li"), { textContent: `…and ${skipped.length - 20} more.` }));
  report.append(list);
}

function editNote(li, update) {
  if ($("textarea", li)) return;
  const note = $(".note", li);
  const { editor, area, save, cancel } = openNoteEditor(note);
  const close = () => {
    const hadFocus = editor.contains(document.activeElement);
    editor.remove();
    note.hidden = false;
    $(".held", li)?.remove();
    // A change that arrived meanwhile is shown now; an item removed meanwhile goes.
    if (!("pendingItem" in li)) {
      if (hadFocus) $("[data-edit-note]", li).focus();
      return;
    }
    const item = li.pendingItem;
    delete li.pendingItem;
    if (item) replaceEntry(li, savedEntry(item), hadFocus ? $("[data-edit-note]", li) : null);
    else removeEntry(li, hadFocus);
  };
  cancel.addEventListener("click", close);
  editor.addEventListener("keydown", (event) => { if (event.key === "Escape") { event.preventDefault(); close(); } });
  save.addEventListener("click", async () => {
    delete li.pendingItem;
    li.dataset.saving = "";
    await update(li, { note: area.value.trim() ? area.value : null });
    delete li.dataset.saving;
  });
}
