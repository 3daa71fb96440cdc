// Marquee: the favourites and watchlist pages (notes, watched, rating, remove, import) kept live by app.js's
// change stream. Loaded after app.js on those pages only.
"use strict";
// ---- Favourites and watchlist pages ---------------------------------------------------------------------------

const savedList = () => $("main[data-saved-list]");

function savedEntry(item, watchlist) {
  const li = document.createElement("li");
  li.className = "saved-item";
  li.dataset.kind = item.media_type;
  li.dataset.id = item.id;
  const href = `/${item.media_type}/${encodeURIComponent(item.id)}`;
  const link = document.createElement("a");
  link.href = href;
  const img = document.createElement("img");
  img.src = item.snapshot.image_url || "/static/no-image.svg";
  img.alt = (item.media_type === "person" ? "Photo of " : "Poster of ") + item.snapshot.title;
  img.width = 72;
  img.height = 108;
  link.append(img);
  const body = document.createElement("div");
  const title = document.createElement("a");
  title.className = "t";
  title.href = href;
  title.textContent = item.snapshot.title;
  body.append(title);
  if (item.snapshot.subtitle) {
    const sub = document.createElement("span");
    sub.className = "s";
    sub.textContent = " " + item.snapshot.subtitle;
    body.append(sub);
  }
  if (item.watched_at) {
    const watched = document.createElement("p");
    watched.className = "s good";
    watched.textContent = "Watched " + new Date(item.watched_at).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }) + (item.rating ? ` · rated ${item.rating}/10` : "");
    body.append(watched);
  }
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = item.note || "";
  body.append(note);
  const actions = document.createElement("div");
  actions.className = "item-actions";
  actions.append(smallButton(item.note ? "Edit note" : "Add note", "editNote"));
  if (watchlist) {
    const watched = smallButton(item.watched_at ? "Watched ✓" : "Mark watched", "watched");
    watched.setAttribute("aria-pressed", item.watched_at ? "true" : "false");
    const rate = document.createElement("select");
    rate.className = "btn small";
    rate.dataset.rate = "";
    rate.setAttribute("aria-label", "Rating");
    rate.append(new Option("Rate", ""));
    for (let n = 1; n <= 10; n++) rate.append(new Option(String(n), String(n), false, item.rating === n));
    actions.append(watched, rate);
  }
  actions.append(smallButton("Remove", "remove"));
  body.append(actions);
  li.append(link, body);
  return li;
}

/** Makes the list agree with a snapshot: entries refreshed or removed, missing ones added on top. */
function reconcile(main, items) {
  const box = $("#saved-items");
  const list = main.dataset.savedList;
  const fresh = new Map(items.filter((i) => i.list === list).map((i) => [itemKey(i.media_type, i.id), i]));
  for (const li of $$(".saved-item", box)) {
    const key = itemKey(li.dataset.kind, li.dataset.id);
    const item = fresh.get(key);
    if (item) li.replaceWith(savedEntry(item, list === "watchlist"));
    else li.remove();
    fresh.delete(key);
  }
  const filtered = main.dataset.kind || main.dataset.query;
  if (!filtered) for (const item of fresh.values()) box.prepend(savedEntry(item, list === "watchlist"));
  $("#saved-empty").hidden = $$(".saved-item", box).length > 0;
}

function applySavedChange(main, change) {
  const box = $("#saved-items");
  const kind = main.dataset.kind;
  if (change.op === "clear") {
    for (const li of $$(".saved-item", box)) if (!change.media_type || li.dataset.kind === change.media_type) li.remove();
  } else {
    const old = $$(".saved-item", box).find((li) => li.dataset.kind === change.media_type && li.dataset.id === change.id);
    if (change.op === "delete") { if (old) old.remove(); }
    // A new item shows only where it belongs: the right kind, and no search filter it might not match.
    else if ((!kind || kind === change.media_type) && (old || !main.dataset.query)) {
      const fresh = savedEntry(change.item, change.list === "watchlist");
      fresh.classList.add("flash");
      if (old) old.replaceWith(fresh);
      else box.prepend(fresh);
    }
  }
  $("#saved-empty").hidden = $$(".saved-item", box).length > 0;
}

onStart.push(function setUpSavedPage() {
  const main = savedList();
  if (!main) return;
  changeListeners.push((change) => { if (main.dataset.savedList === change.list) applySavedChange(main, change); });
  snapshotListeners.push((items) => reconcile(main, items));
  const list = main.dataset.savedList;
  const sort = $("#saved-sort");
  if (sort) sort.addEventListener("change", () => sort.form.submit());
  const pathOf = (li) => `/api/v1/me/items/${list}/${li.dataset.kind}/${encodeURIComponent(li.dataset.id)}`;
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
      try {
        applySavedChange(main, await api("DELETE", pathOf(li)));
        toast("Removed.");
      } catch (error) { fail(error); }
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
    if (!file) return;
    report.textContent = "Importing…";
    try {
      const answer = await api("POST", `/api/v1/me/import?list=${list}`, undefined, await file.text());
      const skipped = [...answer.not_matched, ...answer.invalid].slice(0, 5).map((s) => `row ${s.row}: ${s.reason}`);
      report.textContent = `Imported ${answer.imported} of ${answer.rows} rows; ${answer.already_saved} were already saved; ` +
        `${answer.not_matched.length} not matched, ${answer.invalid.length} invalid.` + (skipped.length ? " " + skipped.join("; ") : "");
    } catch (error) {
      report.textContent = error.message;
    }
  });
});

function editNote(li, update) {
  if ($("textarea", li)) return;
  const note = $(".note", li);
  const area = document.createElement("textarea");
  area.maxLength = 2000;
  area.value = note.textContent;
  area.setAttribute("aria-label", "Note");
  const save = smallButton("Save note", "saveNote");
  const cancel = smallButton("Cancel", "cancelNote");
  const editor = document.createElement("div");
  editor.append(area, save, cancel);
  note.hidden = true;
  note.after(editor);
  area.focus();
  cancel.addEventListener("click", () => { editor.remove(); note.hidden = false; });
  save.addEventListener("click", () => update(li, { note: area.value.trim() ? area.value : null }));
}
