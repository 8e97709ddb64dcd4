"""The Ray backend: one Ray task per batch of games.

Without an address, a local Ray is started for the run (`num_cpus=workers`, bound to
127.0.0.1 only, no dashboard) and shut down after it. With `address` (`"ray://host:10001"` or
`"auto"`/`"host:6379"`) the run joins that cluster and leaves it running; every node needs
`ragusa[sim]` installed (or a `runtime_env`, see docs/simulate.md).

At most `4 * workers` tasks (at least 8) are in flight at once, so a long run does not put
every batch in the object store at the start, and Ctrl-C cancels little work.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import ray
from ray._private import ray_constants

__all__ = ["ray_jobs", "start"]

J = TypeVar("J")
R = TypeVar("R")


def start(workers: int, address: str | None) -> bool:
    """Connect to Ray; True if this call started a local Ray (which the caller shuts down)."""
    if ray.is_initialized():
        return False
    if address:
        ray.init(address=address, log_to_driver=False)
        return True
    # Keep a local Ray on loopback: Ray swaps 127.0.0.1 for the machine's address unless it
    # thinks clusters are off (ray-project/ray#18730); the variable reaches its child processes.
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    ray_constants.ENABLE_RAY_CLUSTER = False
    ray.init(
        num_cpus=workers,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        log_to_driver=False,
        configure_logging=False,
    )
    return True


def ray_jobs(fn: Callable[[J], R], jobs: list[J], workers: int, address: str | None) -> Iterator[R]:
    """Run `fn` on each job as a Ray task; yield the results as they finish."""
    started = start(workers, address)
    remote: Any = ray.remote(fn)
    pending: list[Any] = []
    queue = list(reversed(jobs))
    limit = max(8, 4 * max(workers, 1))
    try:
        while queue or pending:
            while queue and len(pending) < limit:
                pending.append(remote.remote(queue.pop()))
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
