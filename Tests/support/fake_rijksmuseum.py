"""A local stand-in for the Rijksmuseum's keyless services on loopback, for the browser tests and schemathesis.

It serves the Swift tests' fixtures (Tests/MarqueeTests/Fixtures/rijksmuseum, written in the museum's shapes), as
the Swift fake does: the search API at /search/collection (`creator`, `title` or `objectNumber`, 100 Linked Art ids a
page with a `pageToken`), Linked Art documents at /{id}, and, since every image URL in them is pointed back at this
fake, a tiny PNG for any IIIF request under /iiif/. Five works: The Night Watch (SK-C-5, found by "rembrandt" and by
"night watch"), The Milkmaid (SK-A-2344), two more by Rembrandt, and one without an image. Like the Swift fake, it
ignores `imageAvailable`.

Marquee takes it as MARQUEE_RIJKSMUSEUM_SEARCH_URL=FakeRijksmuseum.search_url() and
MARQUEE_RIJKSMUSEUM_ID_URL=FakeRijksmuseum.id_url().
"""
import http.server
import json
import os
import struct
import threading
import unicodedata
import urllib.parse
import zlib

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MarqueeTests", "Fixtures", "rijksmuseum")
IIIF_HOST = "https://iiif.micr.io/"
PAGE_SIZE = 100


def fold(text):
    """The text as the search compares it: lower case, without accents."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.lower()) if unicodedata.category(ch) != "Mn")


def tiny_png(width=8, height=8, grey=0x8C):
    """A valid grey PNG of `width` × `height` pixels."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes([grey]) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class FakeRijksmuseum(http.server.BaseHTTPRequestHandler):
    base = None
    calls = []
    image = tiny_png()

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        FakeRijksmuseum.calls.append(self.path)
        if url.path == "/search/collection":
            query = {key: values[0] for key, values in urllib.parse.parse_qs(url.query).items()}
            self.answer(200, "application/json", json.dumps(self.search(query)).encode())
        elif url.path.startswith("/iiif/"):
            self.answer(200, "image/png", FakeRijksmuseum.image)
        elif url.path[1:].isdigit() and os.path.exists(self.document_path(url.path[1:])):
            with open(self.document_path(url.path[1:]), encoding="utf-8") as handle:
                text = handle.read().replace(IIIF_HOST, f"{FakeRijksmuseum.base}/iiif/")
            self.answer(200, "application/ld+json", text.encode())
        else:
            self.answer(404, "text/plain", b"Not found")

    def answer(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    @staticmethod
    def document_path(identifier):
        return os.path.join(FIXTURES, "linked-art", f"{identifier}.json")

    @staticmethod
    def search(query):
        with open(os.path.join(FIXTURES, "works.json"), encoding="utf-8") as handle:
            works = json.load(handle)

        def matches(name, texts):
            return name not in query or any(fold(query[name]) in fold(text) for text in texts)

        if "objectNumber" in query:
            found = [w for w in works if w["object_number"].lower() == query["objectNumber"].lower()]
        else:
            found = [w for w in works if matches("creator", w["makers"]) and matches("title", w["titles"])]
        token = query.get("pageToken", "")
        start = int(token[len("offset-"):]) if token.startswith("offset-") and token[7:].isdigit() else 0
        page = {
            "@context": "https://linked.art/ns/v1/search.json",
            "type": "OrderedCollectionPage",
            "partOf": {"type": "OrderedCollection", "totalItems": len(found)},
            "orderedItems": [{"id": f"https://id.rijksmuseum.nl/{w['id']}", "type": "HumanMadeObject"}
                             for w in found[start:start + PAGE_SIZE]],
        }
        if start + PAGE_SIZE < len(found):
            rest = {key: value for key, value in query.items() if key != "pageToken"}
            rest["pageToken"] = f"offset-{start + PAGE_SIZE}"
            page["next"] = {"id": "https://data.rijksmuseum.nl/search/collection?" + urllib.parse.urlencode(rest),
                            "type": "OrderedCollectionPage"}
        return page

    def log_message(self, *args):
        pass

    @classmethod
    def start(cls):
        """The base URL (`http://127.0.0.1:PORT`) of the one fake this process runs, started on first use."""
        if cls.base is None:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), cls)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            cls.base = f"http://127.0.0.1:{server.server_address[1]}"
        return cls.base

    @classmethod
    def search_url(cls):
        """What MARQUEE_RIJKSMUSEUM_SEARCH_URL is set to."""
        return cls.start() + "/search/collection"

    @classmethod
    def id_url(cls):
        """What MARQUEE_RIJKSMUSEUM_ID_URL is set to."""
        return cls.start()


if __name__ == "__main__":
    import time
    print(f"search: {FakeRijksmuseum.search_url()}  ids: {FakeRijksmuseum.id_url()}", flush=True)
    while True:
        time.sleep(3600)
