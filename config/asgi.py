"""The ASGI entry point: the site's pages (as config/wsgi.py serves them) and the screens'
WebSockets (play/shells/sockets.py), whose handshake is checked against ALLOWED_HOSTS."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402 - these need Django set up first
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from play.shells.socket_urls import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)
