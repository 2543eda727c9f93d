"""The ASGI entry point: the site's pages (as config/wsgi.py serves them) and the screens'
WebSockets (play/shells/sockets.py), whose handshake must come from the site's own origin
(config/socket_origin.py: scheme, host and port).

Warmed up as config/wsgi.py is (config.warmup, then its collector settled): a cold uvicorn compiled
templates and imported modules on its first sockets, in every thread at once under the import
lock, and a class joining (or every screen reconnecting after a restart) waited seconds for its
handshakes."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402 - these need Django set up first

from config.socket_origin import SameOriginWebSockets  # noqa: E402
from config.warmup import settle_collector, warm_up  # noqa: E402
from play.shells.socket_urls import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": SameOriginWebSockets(URLRouter(websocket_urlpatterns)),
    }
)
warm_up()
settle_collector()
