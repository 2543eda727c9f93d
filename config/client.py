"""The client's address as the deployment defines it, for every limit that counts per client.

Behind a proxy every request comes from the proxy's address; the proxy names the client in
``X-Forwarded-For``. That header is believed only when the request comes from an address in
``TRUSTED_PROXIES`` (anyone else could write it), and only as far back as the proxies are
trusted: the address read is the last one in the chain that is not a trusted proxy. An IPv6
client is counted by its /64 network, since one device usually holds a whole /64 of addresses.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable
from typing import Any

from django.conf import settings

IPV6_PREFIX = 64


@functools.lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(p.strip(), strict=False) for p in proxies if p.strip())


def _parse(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::1]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 192.0.2.1:443
        text = text.split(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address, networks: Iterable) -> bool:
    return any(address.version == n.version and address in n for n in networks)


def client_address(request: Any) -> str:
    """A key for the client: an IPv4 address, an IPv6 /64 network, or ``"unknown"``."""
    if request is None:
        return "unknown"
    meta = request.META
    address = _parse(meta.get("REMOTE_ADDR", "") or "")
    networks = _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ()) or ()))
    if address is not None and networks and _trusted(address, networks):
        chain = [part for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
        for part in reversed(chain):
            hop = _parse(part)
            if hop is None:  # a proxy never writes garbage: someone before it did
                break
            address = hop
            if not _trusted(hop, networks):
                break
    if address is None:
        return "unknown"
    if isinstance(address, ipaddress.IPv6Address):
        network = ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False)
        return str(network)
    return str(address)
