"""The screens' WebSocket routes (config/asgi.py), beside their pages' HTTP routes."""

from __future__ import annotations

from django.urls import path

from play.shells.sockets import DeviceSocket, ProjectorSocket

websocket_urlpatterns = [
    path("ws/play/host/<str:code>/", ProjectorSocket.as_asgi()),
    path("ws/play/<str:code>/", DeviceSocket.as_asgi()),
]
