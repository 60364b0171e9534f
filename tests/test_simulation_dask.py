"""Running on a Dask cluster gives the same result as running locally.

The fixture starts a LocalCluster listening on 127.0.0.1 only, with two
worker processes, and always closes it, whatever the test does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from canasta.simulation import compare, simulate

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A loopback-only Dask cluster of two single-threaded worker processes, stopped after the module's tests."""
    local = distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0")
    try:
        yield local
    finally:
        local.close()


def test_dask_executor_gives_the_local_result(cluster: Any) -> None:
    local = compare(["finnish", "swedish-club"], hands=8, seed=2, bots="random", workers=1)
    client = distributed.Client(cluster)
    try:
        on_dask = compare(["finnish", "swedish-club"], hands=8, seed=2, bots="random", executor=client.get_executor(), chunk_size=3)
    finally:
        client.close()
    assert on_dask == local


def test_scheduler_address_gives_the_local_result(cluster: Any) -> None:
    address = cluster.scheduler_address
    assert address.startswith("tcp://127.0.0.1:")
    local = simulate("dutch", hands=6, seed=8, bots="random", workers=1)
    on_dask = simulate("dutch", hands=6, seed=8, bots="random", scheduler=address, chunk_size=2)
    assert on_dask == local
    assert on_dask.timing.executor == "dask" and on_dask.timing.workers == 2


def test_a_scheduler_without_workers_is_an_error_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run would wait for ever on a cluster with no workers: it fails with one message once the Dask timeout passes."""
    from canasta.simulation import SimulationError

    monkeypatch.setattr("canasta.simulation.cluster.DASK_TIMEOUT", 1.0)
    empty = distributed.LocalCluster(host="127.0.0.1", n_workers=0, processes=True, dashboard_address="127.0.0.1:0")
    try:
        with pytest.raises(SimulationError, match="has no workers"):
            simulate("dutch", hands=2, bots="random", scheduler=empty.scheduler_address)
    finally:
        empty.close()
