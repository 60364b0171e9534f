"""A tiny TCP server on 127.0.0.1 for the tests of ``--scheduler``: it answers however a test says, and is always stopped."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def loopback_server(answer: Callable[[socket.socket, threading.Event], None]) -> Iterator[str]:
    """Serve on a free port of 127.0.0.1 (loopback only), calling ``answer(connection, stop)`` for each connection.

    Yields the address as ``tcp://127.0.0.1:PORT``; on leaving, even after a
    failed test, the server stops, its thread ends and every connection closes.
    """
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    stop = threading.Event()
    conns: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            conns.append(conn)
            with contextlib.suppress(OSError):
                answer(conn, stop)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=5)
        for conn in conns:
            conn.close()
        server.close()
