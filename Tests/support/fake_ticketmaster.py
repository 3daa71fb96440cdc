"""A local stand-in for Ticketmaster's Discovery API v2 on loopback, for the browser tests and schemathesis.

Answers in Discovery's documented shapes, with invented events (the Swift tests' fake serves fixtures of the same
kind, Tests/MarqueeTests/Fixtures/ticketmaster):

- GET /discovery/v2/events.json finds the same five events near any `geoPoint`, dated from today on: pictures
  (served by this fake, /images/NAME.svg), price ranges, one event without `priceRanges`, one whose time is to be
  announced, one cancelled. A `keyword` narrows them by name; nothing found, or a page after the first, is an answer
  without `_embedded`, as Ticketmaster's.
- GET /discovery/v2/events/{id}.json is one of them, or Ticketmaster's 404 for any other id.
- Every request without `apikey=API_KEY` gets Ticketmaster's 401.

In a test: `FakeTicketmaster.start()` gives the base URL (http://127.0.0.1:PORT/discovery/v2) of the one fake this
process runs; `FakeTicketmaster.calls` lists the paths asked for. On its own:
`python3 Tests/support/fake_ticketmaster.py [--port N]` prints the base URL and serves until it is stopped.
"""
import argparse
import datetime
import http.server
import json
import threading
import urllib.parse
import zoneinfo

API_KEY = "tm-test-key-5b1e8c2a7d94"
ZONE = "Europe/London"

# id, name, days from today, local time (None: to be announced), status, segment, genre, prices, picture colour
EVENTS = [
    ("G5vFZ4qT1xAbC", "The Saltmarsh Ensemble: Winter Songs", 2, "19:30", "onsale", "Music", "Folk",
     [("GBP", 18.5, 42.0)], "#2f5d7c"),
    ("vvG1bZ7Qm2pXy9", "Moth & Lantern Puppets: The Night Garden", 4, "11:00", "onsale", "Family", "Puppetry",
     None, "#6b4e8a"),
    ("Z7r9jZ1AdkLm3", "Northbound Rollers v Estuary Gulls", 9, None, "postponed", "Sports", "Roller Derby",
     [("GBP", 12.0, 12.0)], "#8a4e2f"),
    ("1AeZk7Gz9QpR_x", "Open Rehearsal: The Tidewater Players", 12, "18:00", "cancelled", "Arts & Theatre",
     "Theatre", [("GBP", 5.0, 8.0)], None),
    ("Z698xZ2qZ1-Abc", "Copper Foxes: Live and Loud", 20, "20:00", "onsale", "Music", "Rock",
     [("GBP", 25.0, 40.0), ("GBP", 30.0, 48.0)], "#7c2f3d"),
]


def event_json(base, entry):
    """One event as Discovery describes it, dated from today."""
    event_id, name, days, time, status, segment, genre, prices, colour = entry
    local_date = datetime.date.today() + datetime.timedelta(days=days)
    start = {"localDate": local_date.isoformat(), "dateTBD": False, "dateTBA": False, "timeTBA": time is None,
             "noSpecificTime": False}
    if time is not None:
        hour, minute = (int(part) for part in time.split(":"))
        local = datetime.datetime(local_date.year, local_date.month, local_date.day, hour, minute,
                                  tzinfo=zoneinfo.ZoneInfo(ZONE))
        start["localTime"] = f"{time}:00"
        start["dateTime"] = local.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    root = base.rsplit("/discovery/v2", 1)[0]
    images = [{"ratio": "16_9", "url": f"{root}/images/generic-16x9.svg", "width": 2048, "height": 1152,
               "fallback": True}]
    if colour is not None:
        images += [
            {"ratio": "16_9", "url": f"{root}/images/{event_id}-16x9-1024.svg", "width": 1024, "height": 576,
             "fallback": False},
            {"ratio": "3_2", "url": f"{root}/images/{event_id}-3x2-640.svg", "width": 640, "height": 427,
             "fallback": False},
        ]
    event = {
        "name": name, "type": "event", "id": event_id, "test": False, "locale": "en-us",
        "url": f"https://tickets.example.com/event/{event_id}",
        "images": images,
        "dates": {"start": start, "timezone": ZONE, "status": {"code": status}},
        "classifications": [{"primary": True, "segment": {"name": segment}, "genre": {"name": genre}}],
        "_embedded": {"venues": [{
            "name": "Quayside Music Hall", "type": "venue", "id": "VEN-quayside", "postalCode": "E1W 9ZZ",
            "timezone": ZONE, "city": {"name": "Harbourside"}, "state": {"name": "Greater Harbourside"},
            "country": {"name": "Great Britain", "countryCode": "GB"},
            "address": {"line1": "12 Ropewalk Lane", "line2": "Wapping Quay"},
        }]},
    }
    if prices is not None:
        event["priceRanges"] = [{"type": "standard", "currency": currency, "min": low, "max": high}
                                for currency, low, high in prices]
    if event_id == "Z698xZ2qZ1-Abc":
        event["seatmap"] = {"staticUrl": f"{root}/images/seatmap.svg"}
        event["info"] = "An invented band on an invented tour, for Marquee's tests."
        event["pleaseNote"] = "Doors open an hour before the show."
    return event


def picture(name):
    """A plain picture in the colour of the event it is for (grey for the generic fallback)."""
    event_id = name.split("-16x9")[0].split("-3x2")[0]
    colour = next((entry[8] for entry in EVENTS if entry[0] == event_id and entry[8]), "#777777")
    width, height = (640, 427) if "-3x2-" in name else (1024, 576)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><rect width="100%" height="100%" fill="{colour}"/></svg>').encode()


class FakeTicketmaster(http.server.BaseHTTPRequestHandler):
    base = None
    calls = []

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        FakeTicketmaster.calls.append(url.path)
        if url.path.startswith("/images/") and url.path.endswith(".svg"):
            return self.answer(200, picture(url.path[len("/images/"):-len(".svg")]), "image/svg+xml")
        if query.get("apikey", [""])[0] != API_KEY:
            body = {"fault": {"faultstring": "Invalid ApiKey", "detail": {"errorcode": "oauth.v2.InvalidApiKey"}}}
            return self.answer(401, json.dumps(body).encode())
        base = self.base or f"http://127.0.0.1:{self.server.server_address[1]}/discovery/v2"
        if url.path == "/discovery/v2/events.json":
            return self.answer(200, json.dumps(self.search(base, query)).encode())
        prefix = "/discovery/v2/events/"
        if url.path.startswith(prefix) and url.path.endswith(".json"):
            event_id = url.path[len(prefix):-len(".json")]
            for entry in EVENTS:
                if entry[0] == event_id:
                    return self.answer(200, json.dumps(event_json(base, entry)).encode())
        body = {"errors": [{"code": "DIS1004", "detail": "No event has this id.", "status": "404"}]}
        return self.answer(404, json.dumps(body).encode())

    @staticmethod
    def search(base, query):
        keyword = query.get("keyword", [""])[0].lower()
        page = int(query.get("page", ["0"])[0] or 0)
        size = int(query.get("size", ["20"])[0] or 20)
        found = [event_json(base, entry) for entry in EVENTS if keyword in entry[1].lower()]
        answer = {"_links": {"self": {"href": "/discovery/v2/events.json"}},
                  "page": {"size": size, "totalElements": len(found), "totalPages": 1 if found else 0,
                           "number": page}}
        if found and page == 0:
            answer["_embedded"] = {"events": found}
        return answer

    def answer(self, status, body, content_type="application/json;charset=utf-8"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

    @classmethod
    def start(cls, port=0):
        """The base URL (`http://127.0.0.1:PORT/discovery/v2`) of the one fake this process runs, started on first
        use."""
        if cls.base is None:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), cls)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            cls.base = f"http://127.0.0.1:{server.server_address[1]}/discovery/v2"
        return cls.base


def main():
    parser = argparse.ArgumentParser(description="A local stand-in for Ticketmaster's Discovery API v2.")
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    print(FakeTicketmaster.start(options.port), flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
