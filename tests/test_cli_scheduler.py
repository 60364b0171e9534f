"""``--scheduler`` never hangs and never prints a traceback: whatever is at the address, one line and exit 2.

Members of the class: a server on 127.0.0.1 that accepts and never answers,
one that sends a frame length of 1 or 16 GiB and then nothing, one that sends
a byte a second; a refused port, which must be reported at once as refused
(not after the timeout, as a timeout); port numbers that are no port; an
address of 100,000 characters. The Dask timeout is set to one second here, so
each case ends quickly; the servers listen on the loopback address only and
are always stopped.
"""

from __future__ import annotations

import contextlib
import importlib
import socket
import struct
import threading
from collections.abc import Iterator

import pytest
from loopback import loopback_server

from canasta.cli.main import main

pytest.importorskip("distributed")

QUICK = ["--hands", "4", "--bots", "random", "--workers", "1"]
HEADS = (["simulate", "--variant", "finnish"], ["compare", "finnish", "swedish-club"])


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second Dask timeout, and fail the test if any hand is played."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started although no scheduler answered")

    monkeypatch.setattr(importlib.import_module("canasta.simulation.experiment"), "run_on_pool", refuse)
    monkeypatch.setattr("canasta.simulation.cluster.DASK_TIMEOUT", 1.0)


@pytest.fixture
def silent_server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A TCP server on 127.0.0.1 that accepts and then sends ``request.param`` (nothing, a frame length, a drip); always stopped."""
    kind: str = request.param

    def answer(conn: socket.socket, stop: threading.Event) -> None:
        if kind.startswith("length"):
            conn.sendall(struct.pack("<Q", int(kind.removeprefix("length "))))
        elif kind == "drip":
            threading.Thread(target=drip, args=(conn, stop), daemon=True).start()

    def drip(conn: socket.socket, stop: threading.Event) -> None:
        while not stop.wait(0.3):
            with contextlib.suppress(OSError):
                conn.sendall(b"\x00")

    with loopback_server(answer) as address:
        yield address


@pytest.mark.parametrize("silent_server", ["nothing", f"length {2**30}", f"length {2**34}", "drip"], indirect=True)
def test_a_server_that_accepts_but_never_answers_as_a_scheduler_is_one_line(
    silent_server: str, no_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    for head in HEADS:
        assert main([*head, *QUICK, "--scheduler", silent_server]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1 and captured.err.startswith("canasta: "), captured.err
        assert silent_server in captured.err and "Dask scheduler" in captured.err


def _free_port() -> int:
    """A loopback port nothing listens on: bound, then closed again."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("port", ["1", "free"])
def test_a_refused_port_is_reported_as_refused_at_once(
    port: str, no_run: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused, not a timeout: distributed would retry the port until its timeout passed, then call it a timeout."""
    monkeypatch.setattr("canasta.simulation.cluster.DASK_TIMEOUT", 20.0)  # long enough that retrying would show in the message
    address = f"tcp://127.0.0.1:{_free_port() if port == 'free' else port}"
    for head in HEADS:
        assert main([*head, *QUICK, "--scheduler", address]) == 2
        assert (
            capsys.readouterr().err
            == f"canasta: cannot reach the Dask scheduler at {address}: connection refused (is a scheduler running there?)\n"
        )


@pytest.mark.parametrize("port", ["99999", "65536", "-5", "0", "00"])
def test_a_port_number_that_is_no_port_is_not_an_address(port: str, no_run: None, capsys: pytest.CaptureFixture[str]) -> None:
    address = f"tcp://127.0.0.1:{port}"
    for head in HEADS:
        assert main([*head, *QUICK, "--scheduler", address]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"canasta: scheduler: '{address}' is not an address: port ") and err.count("\n") == 1, err


@pytest.mark.parametrize("length", [301, 100_000])
def test_a_huge_address_is_one_short_line(length: int, no_run: None, capsys: pytest.CaptureFixture[str]) -> None:
    address = "tcp://127.0.0.1:" + "9" * (length - len("tcp://127.0.0.1:"))
    for head in HEADS:
        assert main([*head, *QUICK, "--scheduler", address]) == 2
        err = capsys.readouterr().err
        assert "is not an address" in err and f"({length:,} characters)" in err and len(err) < 300
