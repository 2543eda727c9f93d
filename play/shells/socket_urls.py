"""The screens' WebSocket routes (config/asgi.py), beside their pages' HTTP routes."""

from __future__ import annotations

from channels.auth import AuthMiddlewareStack
from django.urls import path

from play.shells.sockets import DeviceSocket, ProjectorSocket

# Only the projector's socket is the teacher's session; a device is its team token (a cookie
# read by the socket itself), so its handshake loads no session and no user.
websocket_urlpatterns = [
    path("ws/play/host/<str:code>/", AuthMiddlewareStack(ProjectorSocket.as_asgi())),
    path("ws/play/<str:code>/", DeviceSocket.as_asgi()),
]
