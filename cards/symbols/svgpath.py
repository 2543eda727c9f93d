"""SVG path data, reduced to absolute moves, lines and cubic curves.

Symbol icons are stored as SVG path data (the ``d`` attribute). Both the PDF renderer and the
checks need the same few operations, so every path is parsed once into four commands: ``M x y``,
``L x y``, ``C x1 y1 x2 y2 x y`` and ``Z``. Quadratic curves and arcs become cubic curves, so a
shape lies inside the convex hull of its points: the disc around all points is a safe bound for
layout checks. No Django here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

Op = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)

_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
MAX_LENGTH = 20_000  # characters: far more than any icon needs, far less than a pasted image


class PathError(ValueError):
    """Path data that cannot be drawn; the message says where it went wrong."""


class _Scanner:
    def __init__(self, d: str) -> None:
        self.d = d
        self.pos = 0

    def skip(self) -> None:
        while self.pos < len(self.d) and self.d[self.pos] in " \t\r\n,":
            self.pos += 1

    def at_number(self) -> bool:
        self.skip()
        return self.pos < len(self.d) and self.d[self.pos] in "+-.0123456789"

    def command(self) -> str | None:
        self.skip()
        if self.pos >= len(self.d):
            return None
        ch = self.d[self.pos]
        if ch.upper() not in _ARGS:
            raise PathError(f"unexpected {ch!r} at character {self.pos + 1}")
        self.pos += 1
        return ch

    def number(self) -> float:
        match = _TOKEN.match(self.d, self.pos)
        if not match or match.group(1).isalpha():
            raise PathError(f"a number is missing at character {self.pos + 1}")
        self.pos = match.end()
        return float(match.group(1))

    def flag(self) -> float:
        # Arc flags are single digits and may be written without separators: "a5 5 0 011 1".
        self.skip()
        if self.pos < len(self.d) and self.d[self.pos] in "01":
            self.pos += 1
            return float(self.d[self.pos - 1])
        raise PathError(f"an arc flag (0 or 1) is missing at character {self.pos + 1}")


def parse(d: str) -> list[Op]:
    """The path as absolute ``M``/``L``/``C``/``Z`` commands."""
    if len(d) > MAX_LENGTH:
        raise PathError(f"path data is too long ({len(d)} characters, at most {MAX_LENGTH})")
    s = _Scanner(d)
    ops: list[Op] = []
    x = y = sx = sy = 0.0
    last_ctrl: tuple[float, float] | None = None  # for S/T reflections
    last_kind = ""
    cmd = s.command()
    if cmd is None:
        raise PathError("the path is empty")
    if cmd not in "Mm":
        raise PathError("a path must start with a move (M)")
    while cmd is not None:
        up, rel = cmd.upper(), cmd.islower()
        first = True
        while first or s.at_number():
            if up == "Z":
                ops.append(("Z",))
                x, y = sx, sy
                last_kind = "Z"
                break
            a = [s.flag() if up == "A" and i in (3, 4) else s.number() for i in range(_ARGS[up])]
            ox, oy = (x, y) if rel else (0.0, 0.0)
            if up == "M":
                x, y = a[0] + ox, a[1] + oy
                if first:
                    ops.append(("M", x, y))
                    sx, sy = x, y
                else:  # further pairs after a move are lines
                    ops.append(("L", x, y))
            elif up in "LHV":
                if up == "L":
                    x, y = a[0] + ox, a[1] + oy
                elif up == "H":
                    x = a[0] + ox
                else:
                    y = a[0] + oy
                ops.append(("L", x, y))
            elif up in "CS":
                if up == "C":
                    c1 = (a[0] + ox, a[1] + oy)
                    c2, end = (a[2] + ox, a[3] + oy), (a[4] + ox, a[5] + oy)
                else:
                    c1 = _reflect(last_ctrl, x, y) if last_kind in "CS" and last_kind else (x, y)
                    c2, end = (a[0] + ox, a[1] + oy), (a[2] + ox, a[3] + oy)
                ops.append(("C", *c1, *c2, *end))
                last_ctrl = c2
                x, y = end
            elif up in "QT":
                if up == "Q":
                    q, end = (a[0] + ox, a[1] + oy), (a[2] + ox, a[3] + oy)
                else:
                    q = _reflect(last_ctrl, x, y) if last_kind in "QT" and last_kind else (x, y)
                    end = (a[0] + ox, a[1] + oy)
                ops.append(_quad(x, y, q, end))
                last_ctrl = q
                x, y = end
            else:  # arc
                end = (a[5] + ox, a[6] + oy)
                ops.extend(_arc(x, y, a[0], a[1], a[2], bool(a[3]), bool(a[4]), *end))
                x, y = end
            last_kind = up
            first = False
        if up == "M":
            last_kind = "M"
        cmd = s.command()
    return ops


def _reflect(ctrl: tuple[float, float] | None, x: float, y: float) -> tuple[float, float]:
    if ctrl is None:
        return (x, y)
    return (2 * x - ctrl[0], 2 * y - ctrl[1])


def _quad(x: float, y: float, q: tuple[float, float], end: tuple[float, float]) -> Op:
    c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
    c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
    return ("C", *c1, *c2, *end)


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    angle: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[Op]:
    """An elliptical arc as cubic curves of at most 90° each (SVG 1.1, appendix F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle % 360)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    scale = (xp / rx) ** 2 + (yp / ry) ** 2
    if scale > 1:  # radii too small for the end points: grow them, as the standard says
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    theta = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    end_theta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    delta = end_theta - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    n = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / n
    k = 4 / 3 * math.tan(step / 4)
    ops: list[Op] = []

    def point(t: float) -> tuple[float, float]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return (cx + cos_p * ex - sin_p * ey, cy + sin_p * ex + cos_p * ey)

    def deriv(t: float) -> tuple[float, float]:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return (cos_p * ex - sin_p * ey, sin_p * ex + cos_p * ey)

    for i in range(n):
        t0, t1 = theta + i * step, theta + (i + 1) * step
        p0, p1 = point(t0), point(t1)
        d0, d1 = deriv(t0), deriv(t1)
        if i == n - 1:
            p1 = (x2, y2)
        ops.append(
            ("C", p0[0] + k * d0[0], p0[1] + k * d0[1], p1[0] - k * d1[0], p1[1] - k * d1[1], *p1)
        )
    return ops


@dataclass(frozen=True)
class Outline:
    """A parsed path with the smallest-radius disc around its points' box centre."""

    ops: tuple[Op, ...]
    cx: float
    cy: float
    radius: float  # every point (and so the whole shape) lies within this of (cx, cy)


def outline(d: str) -> Outline:
    ops = parse(d)
    points = [(op[i], op[i + 1]) for op in ops for i in range(1, len(op), 2)]
    if not points:
        raise PathError("the path draws nothing")
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    radius = max(math.hypot(px - cx, py - cy) for px, py in points)
    if radius == 0:
        raise PathError("the path draws nothing")
    return Outline(tuple(ops), cx, cy, radius)
