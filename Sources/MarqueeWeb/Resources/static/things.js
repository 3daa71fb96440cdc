// Cards of works of art and events, for the pages that page through them (things.mustache).

cardLooks.artwork = (item) => ({
  href: `/art/${encodeURIComponent(item.id)}`, image: item.thumbnail_url, title: item.title,
  sub: [item.maker, item.date].filter(Boolean).join(", "),
});

cardLooks.event = (item) => {
  const status = { cancelled: "Cancelled", postponed: "Postponed", rescheduled: "Rescheduled", off_sale: "Off sale" }[item.status];
  const sub = [item.source === "demo" ? "Demo event" : null, item.ended ? "Ended" : status, eventStart(item.start), item.venue];
  // What a favourite keeps beside the name, as the server's cards carry it, so it can tell when the event has ended.
  const extra = {
    source: item.source, local_date: item.start.local_date, local_time: item.start.local_time, starts_at: item.start.date_time,
    timezone: item.start.timezone, venue: item.venue, city: item.city, country_code: item.country_code,
  };
  for (const key of Object.keys(extra)) if (extra[key] == null) delete extra[key];
  return {
    href: `/events/${encodeURIComponent(item.id)}`, image: item.image_url, title: item.name, sub: sub.filter(Boolean).join(" · "),
    savedSub: [item.venue, item.city].filter(Boolean).join(", "), extra,
  };
};

/** An event's start as pages write it: `Sat 5 Dec 2026, 19:30` in the venue's own time. */
function eventStart(start) {
  if (!start || start.date_to_be_announced || !start.local_date) return "Date to be announced";
  const [year, month, day] = start.local_date.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const text = date.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).replace(",", "");
  if (start.time_to_be_announced) return `${text} (time to be announced)`;
  return start.local_time ? `${text}, ${start.local_time.slice(0, 5)}` : text;
}
