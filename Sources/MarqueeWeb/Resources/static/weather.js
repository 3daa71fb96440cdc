// Weather pages: city search as you type, the °C/°F switch, favourite cities with notes (kept live), and the
// city page's "Add to favourites". Builds on app.js (api, toast, fail, changeListeners).
"use strict";

const cityPath = (id) => itemPath("favorites", "city", id);

// ---- Search as you type ------------------------------------------------------------------------------------------

function setUpCitySearch() {
  const input = $("#city-q");
  const box = $("#city-suggestions");
  if (!input || !box) return;
  let timer = null;
  let asking = null;
  const close = () => { box.hidden = true; input.setAttribute("aria-expanded", "false"); };
  const options = () => $$("a", box);
  const show = (cities) => {
    box.replaceChildren(...cities.map((city, index) => {
      const li = document.createElement("li");
      const link = Object.assign(document.createElement("a"), { href: `/weather/${city.id}`, id: `city-option-${index}` });
      link.setAttribute("role", "option");
      link.append(city.name);
      const place = [city.region, city.country || city.country_code].filter(Boolean).join(", ");
      if (place) link.append(" ", Object.assign(document.createElement("span"), { className: "s", textContent: place }));
      li.append(link);
      return li;
    }));
    box.hidden = cities.length === 0;
    input.setAttribute("aria-expanded", String(cities.length > 0));
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    const text = input.value.trim();
    if (!text) return close();
    timer = setTimeout(async () => {
      if (asking) asking.abort();
      asking = new AbortController();
      try {
        const page = await api("GET", `/api/v1/weather/cities?limit=8&q=${encodeURIComponent(text)}`, undefined, undefined, asking.signal);
        if (input.value.trim() === text) show(page.results);
      } catch (error) {
        if (error.name !== "AbortError") close();
      }
    }, 120);
  });
  input.addEventListener("keydown", (event) => {
    const links = options();
    const at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && links.length) { event.preventDefault(); links[0].focus(); }
    if (event.key === "Escape") close();
    if (at >= 0) event.preventDefault();
  });
  box.addEventListener("keydown", (event) => {
    const links = options();
    const at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && at < links.length - 1) { event.preventDefault(); links[at + 1].focus(); }
    if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? links[at - 1] : input).focus(); }
    if (event.key === "Escape") { close(); input.focus(); }
  });
}

// ---- °C / °F -----------------------------------------------------------------------------------------------------

/** The switch is a pair of links (the server remembers the choice in a cookie); signed in, it is also the person's
 * preference, which every device and the API then use. */
function setUpUnits() {
  for (const link of $$("a[data-units]")) {
    link.addEventListener("click", async (event) => {
      if (!signedIn()) return;
      event.preventDefault();
      const units = new URL(link.href).searchParams.get("units");
      try {
        await api("PATCH", "/api/v1/me", { temperature_unit: units === "imperial" ? "fahrenheit" : "celsius" });
      } catch (error) { return fail(error); }
      location.href = link.href;
    });
  }
}

// ---- Favourite cities on /weather ----------------------------------------------------------------------------------

const weatherList = () => $("main[data-weather]");

function cityEntry(item, weather) {
  const li = fromTemplate("weather-entry-template");
  li.dataset.id = item.id;
  for (const link of $$("a", li)) link.href = `/weather/${encodeURIComponent(item.id)}`;
  $("a.t", li).textContent = item.snapshot.title;
  fillOrRemove($("span.s", li), item.snapshot.subtitle);
  $(".note", li).textContent = item.note || "";
  $("[data-edit-note]", li).textContent = item.note ? "Edit note" : "Add note";
  $(".item-actions", li).setAttribute("aria-label", item.snapshot.title);
  const now = weather && weather.current;
  $(".now", li).setAttribute("aria-label", now ? now.condition.text : "");
  if (now) {
    $(".sym", li).textContent = weatherSymbol(now.condition.icon);
    $(".temp", li).textContent = now.temperature == null ? "–" : Math.round(now.temperature) + "°";
    $(".unit", li).textContent = weather.units === "imperial" ? "°F" : "°C";
    $(".cond", li).firstChild.textContent = now.condition.text;
  } else {
    $(".now", li).replaceChildren(Object.assign(document.createElement("span"), { className: "temp unknown", textContent: "–" }));
    $(".cond", li).firstChild.textContent = "";
  }
  $(".stale", li)?.remove();
  return li;
}

/** The same symbols the server draws (WeatherFormatting.symbol). */
function weatherSymbol(icon) {
  const symbols = { "clear-day": "☀", "clear-night": "☾", "partly-cloudy-day": "◑", "partly-cloudy-night": "◑", cloudy: "☁",
    fog: "≋", drizzle: "☂", rain: "☂", showers: "☂", "freezing-rain": "☂", snow: "❄", "snow-showers": "❄", thunderstorm: "⚡" };
  return symbols[icon] || "·";
}

function showNoCities() { $("#weather-empty").hidden = $$("#weather-items .weather-item").length > 0; }

async function applyCityChange(main, change) {
  if (change.list !== "favorites" || (change.op === "clear" ? !clears(change, "city") : change.media_type !== "city")) return;
  const box = $("#weather-items");
  const entryOf = (id) => $$(".weather-item", box).find((li) => li.dataset.id === id);
  if (change.op === "clear") {
    for (const li of $$(".weather-item", box)) li.remove();
  } else if (change.op === "delete") {
    entryOf(change.id)?.remove();
  } else {
    const old = entryOf(change.id);
    if (old && $("textarea", old)) return;
    if (old) {
      $(".note", old).textContent = change.item.note || "";
      $("[data-edit-note]", old).textContent = change.item.note ? "Edit note" : "Add note";
    } else {
      let forecast = null;
      try {
        forecast = await api("GET", `/api/v1/weather/cities/${encodeURIComponent(change.id)}/forecast?units=${main.dataset.units}`);
      } catch {
        // Without weather the city is still shown; its weather comes with the next visit.
      }
      if (!entryOf(change.id)) box.prepend(cityEntry(change.item, forecast));
    }
  }
  showNoCities();
}

function editCityNote(li) {
  if ($("textarea", li)) return;
  const note = $(".note", li);
  const { editor, area, save, cancel } = openNoteEditor(note);
  const close = () => { editor.remove(); note.hidden = false; $("[data-edit-note]", li).focus(); };
  cancel.addEventListener("click", close);
  save.addEventListener("click", async () => {
    try {
      const change = await api("PATCH", cityPath(li.dataset.id), { note: area.value.trim() ? area.value : null });
      note.textContent = change.item.note || "";
      $("[data-edit-note]", li).textContent = change.item.note ? "Edit note" : "Add note";
      close();
    } catch (error) { fail(error); }
  });
}

function setUpFavouriteCities() {
  const main = weatherList();
  const box = $("#weather-items");
  if (!main || !box) return;
  changeListeners.push((change) => applyCityChange(main, change));
  const sort = $("#city-sort");
  if (sort) sort.addEventListener("change", () => sort.form.submit());
  box.addEventListener("click", async (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const li = button.closest(".weather-item");
    if (button.hasAttribute("data-edit-note")) return editCityNote(li);
    if (!button.hasAttribute("data-remove")) return;
    try {
      const before = await itemAsItWas("favorites", "city", li.dataset.id);
      await api("DELETE", cityPath(li.dataset.id));
      li.remove();
      showNoCities();
      toastRemoved(before, (change) => applyCityChange(main, change));
    } catch (error) { fail(error); }
  });
}

// ---- A city's page ---------------------------------------------------------------------------------------------------

function setUpCityPage() {
  const panel = $(".favourite-city");
  const form = $("#city-favourite");
  if (!panel || !form) return;
  const id = panel.dataset.id;
  const note = $("#city-note");
  const actions = $("#city-saved-actions");
  const heading = $("#fav");
  const show = (item) => {
    const saved = !!item;
    panel.dataset.saved = String(saved);
    heading.textContent = saved ? "In your favourites" : "Add to favourites";
    note.textContent = (item && item.note) || "";
    note.hidden = !note.textContent;
    actions.hidden = !saved;
    form.hidden = saved;
    $("textarea", form).value = (item && item.note) || "";
    $("button[type=submit]", form).textContent = saved ? "Save note" : "♥ Add to favourites";
    $("[data-city-edit]", actions).textContent = item && item.note ? "Edit note" : "Add note";
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("textarea", form).value;
    const wasSaved = panel.dataset.saved === "true";
    try {
      const change = await api("PUT", cityPath(id), { note: text.trim() ? text : null });
      show(change.item);
      toast(wasSaved ? "Note saved." : `Added ${panel.dataset.title} to your favourites.`);
    } catch (error) { fail(error); }
  });
  $("[data-city-edit]", actions).addEventListener("click", () => {
    form.hidden = false;
    actions.hidden = true;
    $("textarea", form).focus();
  });
  $("[data-city-remove]", actions).addEventListener("click", async () => {
    try {
      const before = await itemAsItWas("favorites", "city", id);
      await api("DELETE", cityPath(id));
      show(null);
      toastRemoved(before, (change) => show(change.item));
    } catch (error) { fail(error); }
  });
  changeListeners.push((change) => {
    if (change.list !== "favorites") return;
    if (change.op === "clear" && clears(change, "city")) return show(null);
    if (change.media_type !== "city" || change.id !== id) return;
    if (change.op === "delete") show(null);
    else if (form.hidden || panel.dataset.saved !== "true") show(change.item);
  });
}

onStart.push(setUpCitySearch, setUpUnits, setUpFavouriteCities, setUpCityPage);
