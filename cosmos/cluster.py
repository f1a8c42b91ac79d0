"""The balance simulation on a Dask cluster: batches of seeds as tasks, counted in seed order.

Dask is imported only inside these functions, so nothing else of the game needs it installed.
A worker lost mid-run makes the scheduler run its batches again elsewhere (Dask's
allowed-failures, 3 by default); the batches are pure functions of their seeds, so a batch
played twice gives the same results and the report cannot tell.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cosmos.simulate import BatchPlayer, Played

__all__ = ["ClusterUnavailable", "connect", "play_on_cluster"]

CONNECT_SECONDS = 10  # how long to try to reach the scheduler before giving up


class ClusterUnavailable(RuntimeError):
    """Dask is not installed, or its scheduler cannot be reached."""


def connect(address: str | None = None, scheduler_file: str | None = None,
            timeout: float = CONNECT_SECONDS) -> Any:
    """A dask.distributed Client of the scheduler at address (or the one a scheduler file names)."""
    try:
        from distributed import Client
    except ImportError as error:
        raise ClusterUnavailable(
            "--dask needs Dask: pip install 'dask[distributed]' (python3 course.py setup installs it)") from error
    where = f"the scheduler file {scheduler_file}" if scheduler_file else f"the Dask scheduler at {address}"
    try:
        if scheduler_file:
            return Client(scheduler_file=scheduler_file, timeout=timeout)
        return Client(address, timeout=timeout)
    except Exception as error:  # a bad address fails in many ways (OSError, ValueError, TimeoutError...)
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ClusterUnavailable(f"cannot reach {where}: {reason}") from error


def play_on_cluster(client: Any, on_done: Callable[[int], None] | None = None) -> BatchPlayer:
    """A BatchPlayer whose batches are Dask tasks; on_done(games) as each batch finishes, in any order."""
    from distributed import as_completed

    def play(batch_of: Callable[[range], Played], todo: list[range]) -> Iterator[Played]:
        # pure=False: a fresh task per batch, never an old result the cluster still holds
        futures = client.map(batch_of, todo, pure=False)
        place = {future.key: number for number, future in enumerate(futures)}
        arrived: dict[int, Played] = {}
        following = 0
        try:
            for future, batch in as_completed(futures, with_results=True):
                arrived[place[future.key]] = batch
                if on_done is not None:
                    on_done(len(batch))
                while following in arrived:  # hand on every batch whose turn has come
                    yield arrived.pop(following)
                    following += 1
        finally:
            client.cancel(futures)

    return play
