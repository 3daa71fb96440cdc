"""A real SMTP server for Marquee's tests: receives mail on loopback and writes each message as an .eml file.

Usage: smtp-sink.py --dir DIR --port-file FILE [--tls-cert CERT --tls-key KEY] [--auth USER:PASSWORD]

With a certificate it offers STARTTLS; with --auth it requires AUTH (over TLS when a certificate is given).
The chosen port is written to --port-file once the server accepts connections. Stops on SIGTERM or when the
test process that started it ends.
"""
import argparse
import os
import socket
import ssl
import sys
import time
import uuid

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from lifetime import live_until_parent_ends


class Sink:
    def __init__(self, directory):
        self.directory = directory

    async def handle_DATA(self, server, session, envelope):
        name = f"{time.time_ns()}-{uuid.uuid4().hex[:8]}.eml"
        temporary = os.path.join(self.directory, name + ".part")
        with open(temporary, "wb") as handle:
            handle.write(f"X-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n".encode())
            handle.write(f"X-Received-TLS: {'yes' if session.ssl else 'no'}\r\n".encode())
            credentials = getattr(session, "auth_data", None)
            login = credentials.login.decode() if isinstance(credentials, LoginPassword) else ""
            handle.write(f"X-Authenticated-As: {login}\r\n".encode())
            content = envelope.original_content or envelope.content
            handle.write(content if isinstance(content, bytes) else content.encode())
        os.rename(temporary, os.path.join(self.directory, name))
        return "250 Message accepted"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--auth")
    options = parser.parse_args()

    keywords = {}
    if options.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(options.tls_cert, options.tls_key)
        keywords["tls_context"] = context
        keywords["require_starttls"] = True
    if options.auth:
        user, password = options.auth.split(":", 1)

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password
            return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

        keywords["authenticator"] = authenticator
        keywords["auth_required"] = True
        keywords["auth_require_tls"] = bool(options.tls_cert)

    controller = Controller(Sink(options.dir), hostname="127.0.0.1", port=free_port(), **keywords)
    controller.start()
    with open(options.port_file + ".part", "w") as handle:
        handle.write(str(controller.port))
    os.rename(options.port_file + ".part", options.port_file)

    live_until_parent_ends()


if __name__ == "__main__":
    main()
