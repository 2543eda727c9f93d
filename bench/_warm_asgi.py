"""config.asgi started the way config.wsgi starts: the URL resolver built, the templates
compiled and the catalogues read before the first socket, and what was loaded then frozen out of
the garbage collector's way (``config.warmup``; ``gc.freeze()``).

config/asgi.py does neither: a fresh uvicorn compiles and imports on its first sockets, in
every thread at once under the import lock, and a class joining (or every screen reconnecting
after a restart) waits seconds for its handshakes meanwhile. ``bench/play_load.py --warm-asgi``
serves this module instead, to measure the push path without that start.
"""

from __future__ import annotations

import gc

from config.asgi import application
from config.warmup import warm_up

warm_up()
gc.freeze()

__all__ = ["application"]
