"""A local stand-in for Open-Meteo (forecast and geocoding) on loopback, for the browser tests and schemathesis.

Every forecast is the Swift tests' fixture (Tests/MarqueeTests/Fixtures/open-meteo/forecast.json, in Open-Meteo's
documented shape) moved by whole days to today, so that pages show the hours and days ahead, except for the
temperature now, which falls half a degree for each degree of latitude north of London (17.3 °C there), as the
Swift fake's does; several coordinates get an array, as from Open-Meteo. Geocoding
search finds nothing, and geocoding by id knows no place (404): cities come from Marquee's own index.
"""
import http.server
import json
import os
import threading
import time
import urllib.parse

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MarqueeTests", "Fixtures", "open-meteo",
                       "forecast.json")


class FakeOpenMeteo(http.server.BaseHTTPRequestHandler):
    base = None
    calls = []

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        FakeOpenMeteo.calls.append(self.path)
        status = 200
        if url.path == "/v1/forecast":
            body = json.dumps(self.forecasts(query.get("latitude", ["51.5085"])[0].split(","))).encode()
        elif url.path == "/v1/get":
            status, body = 404, b'{"error":true,"reason":"Not found"}'
        else:
            body = b'{"generationtime_ms":0.1}'
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    @staticmethod
    def forecasts(latitudes):
        with open(FIXTURE, "rb") as handle:
            fixture = json.load(handle)
        days = round((time.time() - fixture["current"]["time"]) / 86400) * 86400
        fixture["current"]["time"] += days
        for block, keys in (("hourly", ["time"]), ("daily", ["time", "sunrise", "sunset"])):
            for key in keys:
                fixture[block][key] = [value + days for value in fixture[block][key]]
        answers = []
        for text in latitudes:
            try:
                latitude = float(text)
            except ValueError:
                latitude = 51.5085
            forecast = json.loads(json.dumps(fixture))
            forecast["latitude"] = latitude
            forecast["current"]["temperature_2m"] = round(17.3 + (51.5085 - latitude) / 2, 1)
            answers.append(forecast)
        return answers[0] if len(answers) == 1 else answers

    def log_message(self, *args):
        pass

    @classmethod
    def start(cls):
        """The base URL (`http://127.0.0.1:PORT/v1`) of the one fake this process runs, started on first use."""
        if cls.base is None:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), cls)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            cls.base = f"http://127.0.0.1:{server.server_address[1]}/v1"
        return cls.base
