"""Inside the sandbox: the grader's IPython kernel, which keeps room to report after a notebook fills its memory.

Usage (by graders.runner only): `python -m graders.kernel -f CONNECTION_FILE [IPKernelApp options]`.

Every process in the sandbox has a fixed address space. A notebook that fills it would leave
the kernel no memory to send the traceback, answer the checks or even start a thread, and the
kernel would hang or abort instead of reporting a MemoryError. So the kernel keeps a reserve
of address space and gives it back the moment a cell runs out of memory.
"""

from __future__ import annotations

import importlib.util
import mmap
import sys
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from IPython.core.interactiveshell import InteractiveShell

RESERVE_BYTES = 48 << 20


def can_map(size: int) -> bool:
    """Whether size more bytes of address space can still be mapped (under RLIMIT_AS; the jail has no /proc)."""
    try:
        mmap.mmap(-1, size).close()
    except (OSError, MemoryError):
        return False
    return True


def keep_reserve(shell: InteractiveShell) -> None:
    """Hold RESERVE_BYTES; free them when a cell raises MemoryError or leaves less than that."""
    reserve = [mmap.mmap(-1, RESERVE_BYTES)]  # mapped, never touched: address space, not RAM

    def release() -> None:
        while reserve:
            reserve.pop().close()

    def on_memory_error(shell: InteractiveShell, etype: type[BaseException], value: BaseException,
                        tb: TracebackType | None, tb_offset: int | None = None) -> None:
        release()  # before the traceback is formatted and sent: both need memory
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)

    def after_cell(result: object) -> None:
        if reserve and not can_map(RESERVE_BYTES):  # the cell caught its own MemoryError
            release()

    shell.set_custom_exc((MemoryError,), on_memory_error)
    shell.events.register("post_run_cell", after_cell)


def lean_jupyter_client() -> None:
    """Make `import jupyter_client` cheap: the package without its __init__, which imports every client and
    manager a kernel never uses; a name ipykernel asks of it is imported from its own module when asked."""
    spec = importlib.util.find_spec("jupyter_client")
    if spec is None or spec.loader is None:
        return
    package = importlib.util.module_from_spec(spec)  # not executed: its submodules import as usual
    sys.modules["jupyter_client"] = package
    homes = {"write_connection_file": "connect", "find_connection_file": "connect", "__version__": "_version",
             "version_info": "_version", "protocol_version": "_version", "protocol_version_info": "_version",
             "BlockingKernelClient": "blocking"}

    def lookup(name: str) -> object:
        if name not in homes:
            raise AttributeError(f"module 'jupyter_client' has no attribute {name!r} in the grader's kernel")
        return getattr(importlib.import_module(f"jupyter_client.{homes[name]}"), name)

    package.__getattr__ = lookup  # type: ignore[method-assign]  # PEP 562: asked once a name is missing


def main() -> None:
    """Start IPython's kernel without its debugger, with zmq's collector thread and the reserve."""
    # None in sys.modules makes `import debugpy` fail at once (typeshed allows only modules there)
    sys.modules["debugpy"] = None  # type: ignore[assignment]  # debugpy costs half a second of CPU per submission
    lean_jupyter_client()
    # Started later, by the first large message, this thread would need a stack.
    from zmq.utils.garbage import gc

    gc.start()
    from ipykernel.kernelapp import IPKernelApp

    app = IPKernelApp.instance()
    app.initialize(sys.argv[1:])
    if app.shell is None:
        raise RuntimeError("IPython's kernel started without a shell")
    keep_reserve(app.shell)
    app.start()


if __name__ == "__main__":
    main()
