// Marquee: search as you type (debounced), recent searches and suggestions. Loaded after app.js on /search.
"use strict";
// ---- Search as you type ----------------------------------------------------------------------------------------

const recentSearches = () => JSON.parse(localStorage.getItem(recentKey) || "[]");

function remember(query) {
  const list = [query, ...recentSearches().filter((q) => q.toLowerCase() !== query.toLowerCase())].slice(0, 8);
  localStorage.setItem(recentKey, JSON.stringify(list));
}

function showRecent() {
  const section = $("#recent-searches");
  if (!section) return;
  const list = $("#recent-list");
  list.replaceChildren(...recentSearches().map((q) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/search?q=" + encodeURIComponent(q);
    a.dataset.suggest = q;
    a.textContent = q;
    li.append(a);
    return li;
  }));
  section.hidden = list.children.length === 0;
}

onStart.push(function setUpSearch() {
  const form = $(".search-form");
  if (!form) return;
  const input = $("#q", form);
  const grid = $("#results");
  let timer;
  let controller;
  // `waiting` while a pause in typing is awaited, `loading` while a search is on its way, then `idle`.
  const state = (value) => { form.dataset.state = value; };
  state("idle");
  showRecent();
  const run = async () => {
    clearTimeout(timer);
    const q = input.value.trim();
    const params = new URLSearchParams({ q, type: $("#type").value });
    const year = $("#year");
    year.setAttribute("aria-invalid", String(!year.checkValidity()));
    if (year.value && year.checkValidity()) params.set("year", year.value);
    history.replaceState(null, "", q ? "/search?" + params : "/search");
    $("#search-start").hidden = q !== "";
    if (controller) controller.abort();
    if (!q) {
      grid.replaceChildren();
      busy(grid, 0);
      grid.dataset.api = "";
      grid.dataset.totalPages = "0";
      $("#search-summary").textContent = "";
      $("#search-empty").hidden = true;
      showRecent();
      state("idle");
      return;
    }
    const mine = new AbortController();
    controller = mine;
    state("loading");
    // Placeholders replace the results until the new ones arrive (only when there is nothing to show yet, so the
    // results being refined stay readable while a longer query loads).
    if (!$(".card", grid)) busy(grid, 12);
    const source = "/api/v1/search?" + params + (grid.dataset.locale ? "&" + grid.dataset.locale : "");
    try {
      const answer = await api("GET", source, undefined, undefined, mine.signal);
      grid.replaceChildren(...answer.results.map(card));
      busy(grid, 0);
      grid.dataset.api = source;
      grid.dataset.page = String(answer.page);
      grid.dataset.totalPages = String(answer.total_pages);
      const next = $(".next");
      if (next) {
        next.href = `/search?${params}&page=2`;
        next.hidden = answer.page >= answer.total_pages;
      }
      $("#search-summary").textContent = `${answer.total_results} result${answer.total_results === 1 ? "" : "s"} for “${q}”`;
      const empty = $("#search-empty");
      empty.textContent = `Nothing matches “${q}”. Check the spelling, try fewer words, or search everything.`;
      empty.hidden = answer.results.length > 0;
      loadStates(grid);
      if (grid.recheckPaging) grid.recheckPaging();
    } catch (error) {
      if (error.name !== "AbortError") { busy(grid, 0); fail(error); }
    } finally {
      if (controller === mine && form.dataset.state === "loading") state("idle");
    }
  };
  const later = () => { clearTimeout(timer); state("waiting"); timer = setTimeout(run, 300); };
  input.addEventListener("input", later);
  $("#type").addEventListener("change", run);
  // A year is searched once it is whole (typing 1999 passes through 1, 19 and 199, which are no years to ask for).
  $("#year").addEventListener("input", () => { if (!$("#year").value || $("#year").checkValidity()) later(); });
  // Searches are remembered once the person commits to them (submits, picks a suggestion or opens a result),
  // not at every pause in typing.
  const rememberBox = () => { if (input.value.trim()) remember(input.value.trim()); };
  form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); rememberBox(); run(); });
  grid.addEventListener("click", (event) => { if (event.target.closest("a")) rememberBox(); });
  document.addEventListener("click", (event) => {
    const suggestion = event.target.closest("[data-suggest]");
    if (!suggestion) return;
    event.preventDefault();
    input.value = suggestion.dataset.suggest;
    rememberBox();
    run();
  });
  const clear = $("[data-clear-recent]");
  if (clear) clear.addEventListener("click", () => { localStorage.removeItem(recentKey); showRecent(); });
});
