"""Connecting to a Dask cluster by its scheduler's address, and watching it while a run lasts.

Whatever is (or is not) at the address, the caller gets one
:class:`SimulationError` within :data:`DASK_TIMEOUT`, never a hang or a
traceback. ``distributed.Client(timeout=...)`` bounds only the TCP connect:
its handshake waits for ever on a server that accepts and never answers (or
sends a frame length and then nothing), and a refused port is retried until
the timeout passes. So before the client connects, the address is checked
here in three steps, each within what is left of the time:

1. its form: a known scheme, a host and a port from 1 to 65535;
2. a plain TCP connection, so a refused port is reported at once;
3. distributed's own handshake and an ``identity`` call, in a thread of
   their own, so that whatever answers must answer as a Dask scheduler.

While a run lasts, :func:`watch` is called about every second when no task
has finished: it fails the run once the scheduler has stopped answering, or
has had no worker, for :data:`DASK_TIMEOUT` (a cluster whose only worker died
would otherwise wait for ever). distributed's own log lines are kept off
stderr while the client is open: the error says what went wrong, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from canasta.errors import SimulationError, shown_text, shown_value

DASK_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer, for its first worker, or for a lost scheduler or worker to come back."""

_HOST_PORT_SCHEMES = frozenset({"tcp", "tls", "ws", "wss"})
"""The schemes whose address is a host and a port, checked by a plain TCP connection first."""

_ADDRESS_LIMIT = 300
"""The longest address taken: a host name has at most 253 characters (RFC 1035 §2.3.4)."""


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _first_line(exc: BaseException) -> str:
    """An exception's message for one line of ours: its first line, cut short (distributed repeats the address in it)."""
    return _cut((shown_text(exc).splitlines() or [""])[0]) or type(exc).__name__


def _not_an_address(address: object, why: str) -> SimulationError:
    return SimulationError(f"scheduler: {shown_value(address)} is not an address{why}; give one like tcp://127.0.0.1:8786")


def check_address(address: object) -> str:
    """``address`` as given, if it can be an address at all; else :class:`SimulationError`."""
    if not issubclass(type(address), str):
        raise SimulationError(
            f"scheduler: expected an address like 'tcp://127.0.0.1:8786', got {shown_value(address)} ({type(address).__name__})"
        )
    text = str.__str__(address)
    if len(text) > _ADDRESS_LIMIT:
        raise _not_an_address(text, f" ({len(text):,} characters)")
    if not text.strip() or any(not c.isprintable() or c.isspace() for c in text):
        raise _not_an_address(text, "")
    return text


def _location(address: str) -> tuple[str | None, int | None]:
    """The address's host and port (None, None for schemes without them); :class:`SimulationError` if it is malformed."""
    addressing = importlib.import_module("distributed.comm.addressing")
    registry = importlib.import_module("distributed.comm.registry")
    try:
        scheme, where = addressing.parse_address(address)
        registry.get_backend(scheme)
        if scheme not in _HOST_PORT_SCHEMES:
            return None, None
        host, port = addressing.parse_host_port(where)
    except (ValueError, TypeError) as exc:
        raise SimulationError(f"scheduler: {shown_value(address)} is not a Dask scheduler address: {_first_line(exc)}") from None
    if not 1 <= port <= 65535:
        raise _not_an_address(address, f": port {port} is not from 1 to 65535")
    return host, port


def _reach(address: str, host: str, port: int, deadline: float) -> None:
    """Open and close a plain TCP connection: a refused port or an unknown host fails at once, not after the timeout."""
    try:
        with socket.create_connection((host, port), timeout=max(0.1, deadline - time.monotonic())):
            pass
    except ConnectionRefusedError:
        raise SimulationError(
            f"cannot reach the Dask scheduler at {_cut(address)}: connection refused (is a scheduler running there?)"
        ) from None
    except socket.gaierror:
        raise SimulationError(f"cannot reach the Dask scheduler at {_cut(address)}: no such host {shown_value(host)}") from None
    except TimeoutError:
        raise SimulationError(f"cannot reach the Dask scheduler at {_cut(address)}: no answer within {DASK_TIMEOUT:g} s") from None
    except (OSError, ValueError, OverflowError) as exc:
        raise SimulationError(f"cannot reach the Dask scheduler at {_cut(address)}: {_first_line(exc)}") from None


async def _identity(distributed: Any, address: str, seconds: float) -> Any:
    """distributed's handshake with ``address`` and its answer to ``identity``, within ``seconds``."""

    async def ask() -> Any:
        comm = await distributed.comm.connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    return await asyncio.wait_for(ask(), seconds)


def _handshake(distributed: Any, address: str, deadline: float) -> None:
    """Check, within the time left, that a Dask scheduler answers at ``address``; :class:`SimulationError` if not."""
    seconds = max(0.1, deadline - time.monotonic())
    outcome: list[Any] = []

    def probe() -> None:
        try:
            outcome.append(asyncio.run(_identity(distributed, address, seconds)))
        except BaseException as exc:  # handed to the caller's thread
            outcome.append(exc)

    thread = threading.Thread(target=probe, name="canasta-dask-probe", daemon=True)
    thread.start()
    thread.join(seconds + 1.0)
    shown = _cut(address)
    if not outcome or isinstance(outcome[0], TimeoutError | asyncio.TimeoutError):
        raise SimulationError(
            f"something at {shown} accepts connections but does not answer as a Dask scheduler (nothing within {DASK_TIMEOUT:g} s)"
        )
    answer = outcome[0]
    if isinstance(answer, OSError):  # distributed's CommClosedError is one
        raise SimulationError(f"something at {shown} accepts connections but closes them without answering as a Dask scheduler")
    if isinstance(answer, BaseException):  # a web or SSH server: its first bytes read as a frame length of exabytes (MemoryError)
        raise SimulationError(f"something answers at {shown}, but not as a Dask scheduler ({type(answer).__name__})")
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind is not None and kind != "Scheduler":
        raise SimulationError(f"a Dask {shown_text(kind)[:40]} answers at {shown}, not a scheduler: give the scheduler's address")


def _failure(address: str, exc: BaseException) -> SimulationError:
    """One line saying why the client could not connect after all."""
    if isinstance(exc, (OSError, TimeoutError)):
        return SimulationError(f"cannot reach the Dask scheduler at {_cut(address)}: {_first_line(exc)}")
    if isinstance(exc, (ValueError, TypeError)):
        return SimulationError(f"scheduler: {shown_value(address)} is not a Dask scheduler address: {_first_line(exc)}")
    return SimulationError(f"something answers at {_cut(address)}, but not as a Dask scheduler ({type(exc).__name__})")


_LOGGERS = ("distributed", "tornado")
"""The loggers a Dask client writes through (tornado runs its event loop), with every logger below them."""


def silence_dask() -> Callable[[], None]:
    """Keep distributed's and tornado's log lines off stderr; returns the function that lets them through again.

    Each logger of those families that has a level of its own (dask's logging
    configuration gives ``distributed.client`` one) is raised past CRITICAL.
    """
    with contextlib.suppress(ImportError):  # importing distributed configures its loggers: do that first
        importlib.import_module("distributed")
    manager = logging.Logger.manager
    names = [name for name in list(manager.loggerDict) if name.split(".")[0] in _LOGGERS]
    loggers = [logging.getLogger(name) for name in dict.fromkeys([*_LOGGERS, *names])]
    levels = [(logger, logger.level) for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)

    def restore() -> None:
        for logger, level in levels:
            logger.setLevel(level)

    return restore


@contextmanager
def quiet_dask() -> Iterator[None]:
    """Keep distributed's own log lines off stderr while the block runs: our error says what went wrong, once."""
    restore = silence_dask()
    try:
        yield
    finally:
        restore()


def connect(address: object) -> tuple[Any, int]:
    """A Dask client connected to the scheduler at ``address``, and the worker threads it has; :class:`SimulationError` if none.

    ``distributed`` is typed loosely, so the client is held as Any.
    """
    text = check_address(address)
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationError("--scheduler needs Dask: pip install 'canasta[dask]'") from None
    deadline = time.monotonic() + DASK_TIMEOUT
    host, port = _location(text)
    if host is not None and port is not None:
        _reach(text, host, port, deadline)
        _handshake(distributed, text, deadline)
    failure: SimulationError | None = None
    try:
        client = distributed.Client(text, timeout=max(1.0, deadline - time.monotonic()))
    except Exception as exc:  # whatever answers (or not) at that address, the user gets one line
        failure = _failure(text, exc)
    if failure is not None:
        # The half-built Client lives on in the traceback's frames; collected later, inside the
        # next Client() of this process, its __del__ deadlocks on that client's loop lock.
        gc.collect()
        raise failure
    try:
        if not client.nthreads(callback_timeout=DASK_TIMEOUT):
            client.wait_for_workers(1, timeout=DASK_TIMEOUT)
        threads = sum(client.nthreads(callback_timeout=DASK_TIMEOUT).values()) or 1
    except BaseException as exc:  # Ctrl-C too: the client is closed, whatever stops the wait
        close(client)
        if isinstance(exc, TimeoutError):
            raise SimulationError(f"the Dask scheduler at {_cut(text)} has no workers (none joined within {DASK_TIMEOUT:g} s)") from None
        if isinstance(exc, Exception):
            raise _failure(text, exc) from None
        raise
    return client, threads


def close(client: Any) -> None:
    """Close the client, within the Dask timeout even if the scheduler is gone."""
    with contextlib.suppress(Exception):
        client.close(timeout=DASK_TIMEOUT)


def watch(client: Any, address: str) -> Callable[[], None]:
    """A check to call while waiting for tasks: :class:`SimulationError` once the cluster has been unusable for :data:`DASK_TIMEOUT`."""
    since: list[float] = []

    def check() -> None:
        try:
            threads = sum(client.nthreads(callback_timeout=min(DASK_TIMEOUT, 2.0)).values())
            lost = None if threads else f"no worker is left (none for {DASK_TIMEOUT:g} s)"
        except Exception:
            lost = f"the scheduler at {_cut(address)} stopped answering"
        if lost is None:
            since.clear()
            return
        if not since:
            since.append(time.monotonic())
        elif time.monotonic() - since[0] >= DASK_TIMEOUT:
            raise SimulationError(f"the Dask cluster failed during the run: {lost}")

    return check
