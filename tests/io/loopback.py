"""Network faults on real loopback sockets (127.0.0.1, port 0) for fsctl snapshot's tests: a port
nothing listens on, a server that never answers, one that gives every GET the same answer (HTML,
401, a standby's page, truncated JSON), optionally over TLS. None of them stands in for a
ResourceManager's answers: those are recorded from real ones (tests/data/rm/)."""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


@contextmanager
def answering(
    status: int,
    body: bytes,
    headers: dict[str, str] | None = None,
    tls: tuple[Path, Path] | None = None,
) -> Iterator[str]:
    """A loopback HTTP server giving every GET this one answer; over TLS with ``tls`` (the
    certificate and key files). Yields its base URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status)
            for name, value in (headers or {"Content-Type": "text/html"}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

        def handle(self) -> None:
            with contextlib.suppress(ssl.SSLError, ConnectionError):  # a client refused our certificate
                super().handle()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    scheme = "http"
    if tls is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(tls[0]), str(tls[1]))
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
        scheme = "https"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"{scheme}://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port: int = probe.getsockname()[1]
    probe.close()
    return port


@contextmanager
def silent() -> Iterator[str]:
    """A server that accepts connections and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
