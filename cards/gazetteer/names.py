"""Proper German place names from GeoNames records: pure functions and the few tables they need.

GeoNames usually carries the local name, but some German places come with an ASCII
transliteration (Ibbenbueren), an English exonym (Munich), a Sorbian name (Lubnjow), a
reversed form (Eisleben Lutherstadt) or without the river that tells two towns apart
(Mülheim). The rules below repair these from the record's own alternate names, so a
repair never invents a spelling the data does not contain.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Mapping

# English (and a few other) exonyms GeoNames uses as the primary name of German places.
# No rule can tell "Munich" from a German name, so this is a table; it is applied only when
# the German form is among the record's alternate names.
EXONYMS: dict[str, str] = {
    "Munich": "München",
    "Nuremberg": "Nürnberg",
    "Cologne": "Köln",
    "Hanover": "Hannover",
    "Brunswick": "Braunschweig",
    "Hamelin": "Hameln",
    "Coblenz": "Koblenz",
    "Constance": "Konstanz",
    "Mayence": "Mainz",
    "Treves": "Trier",
    "Ratisbon": "Regensburg",
    "Aix-la-Chapelle": "Aachen",
    "Heligoland": "Helgoland",
}

# Sorbian names GeoNames uses as primary names in Lower Lusatia, where no alternate pairs
# them with the German name ("Hoyerswerda/Wojerecy" is handled by rule).
MINORITY_NAMES: dict[str, str] = {
    "Lubnjow": "Lübbenau",
    "Lubin": "Lübben",
    "Kalawa": "Calau",
}

# Places whose official name is written with ss/oe although an alternate name has ß/ö.
OFFICIAL_ASCII_SPELLINGS: frozenset[str] = frozenset({"Neuss", "Moers", "Sassnitz"})

_DIGRAPHS = {"ae": "ä", "oe": "ö", "ue": "ü", "ss": "ß"}
_CAP = r"[A-ZÄÖÜ][\w.\-]*"
_FOLD_MAP = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


# Combining marks of Latin, Greek and Cyrillic letters after NFKD decomposition.
_COMBINING_RE = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def _strip_marks(text: str) -> str:
    if text.isascii():
        return text
    return _COMBINING_RE.sub("", unicodedata.normalize("NFKD", text))


def fold(text: str) -> str:
    """Lower-case key: "Mülheim", "Muelheim" and "MUELHEIM" give the same key."""
    return _strip_marks(text.lower().translate(_FOLD_MAP))


def loose_fold(text: str) -> str:
    """Key for search: "Munchen" (umlaut dropped, not transliterated) matches "München".

    Works on many names at once joined by newlines, which is how the search index uses it.
    """
    return _strip_marks(text.lower().replace("ß", "ss"))


def _restore_umlauts(name: str, alternates: Collection[str]) -> str:
    """Ibbenbueren → Ibbenbüren, Meissen → Meißen, when that spelling is an alternate name."""
    if name in OFFICIAL_ASCII_SPELLINGS:
        return name
    # Lower-case digraphs only: a leading Ue/Oe/Ae (Uetersen, Oerlenbach) is the official form.
    spots = [m.span() for m in re.finditer(r"(?<=[a-zäöüß])(?:ae|oe|ue|ss)", name)]
    spots = [s for s in spots if not (name[s[0] : s[1]] == "ue" and name[s[0] - 1] in "qQ")]
    if not spots or len(spots) > 4:
        return name
    best = name
    best_count = 0
    for choice in itertools.product((False, True), repeat=len(spots)):
        count = sum(choice)
        if count <= best_count:
            continue
        parts, last = [], 0
        for (start, end), replace in zip(spots, choice, strict=True):
            parts.append(name[last:start])
            parts.append(_DIGRAPHS[name[start:end]] if replace else name[start:end])
            last = end
        parts.append(name[last:])
        candidate = "".join(parts)
        if candidate in alternates:
            best, best_count = candidate, count
    return best


# The one honorific that is part of official names (Lutherstadt Eisleben, Lutherstadt Wittenberg).
OFFICIAL_PREFIXES: tuple[str, ...] = ("Lutherstadt",)


def _reorder(name: str, alternates: Collection[str]) -> str:
    """'Eisleben Lutherstadt' → 'Lutherstadt Eisleben'; 'Wittenberg' → 'Lutherstadt Wittenberg'."""
    for prefix in OFFICIAL_PREFIXES:
        if name.endswith(" " + prefix):
            return f"{prefix} {name[: -len(prefix) - 1]}"
        if f"{prefix} {name}" in alternates:
            return f"{prefix} {name}"
    return name


# Qualifiers that tell same-named towns apart: "Mülheim an der Ruhr", "Halle (Saale)".
_PREPOSITIONS = ("an der", "am", "im", "in der", "ob der", "auf der")
_QUALIFIER_RE = re.compile(
    rf"^(?:(?P<prep>{'|'.join(_PREPOSITIONS)}) (?P<words>{_CAP}(?: {_CAP})?)"
    rf"|\((?P<paren>{_CAP})\))$"
)
_NOT_QUALIFIERS = frozenset({"flecken", "stadt", "gemeinde", "dorf", "markt"})


def _qualifier(name: str, alternate: str) -> tuple[str, str] | None:
    """('an der', 'Ruhr') for 'Mülheim an der Ruhr' given 'Mülheim'; None if not a qualifier."""
    if not alternate.startswith(name + " "):
        return None
    match = _QUALIFIER_RE.match(alternate[len(name) + 1 :])
    if not match:
        return None
    if match["paren"]:
        return "()", match["paren"]
    return match["prep"], match["words"]


def qualifier_counts(records: Iterable[tuple[str, Iterable[str]]]) -> Counter[str]:
    """How many places use each qualifying landscape ('Ruhr', 'Saale', 'Allgäu') in a name.

    A landscape used by one place only is usually a foreign or misspelt form ('Hanovro').
    """
    counts: Counter[str] = Counter()
    for name, alternates in records:
        counts.update({fold(q[1]) for alt in alternates if (q := _qualifier(name, alt))})
    return counts


def _qualify(
    name: str, alternates: Collection[str], counts: Mapping[str, int], excluded: Collection[str]
) -> str:
    """'Mülheim' → 'Mülheim an der Ruhr', 'Offenbach' → 'Offenbach am Main'."""
    best: tuple[int, int, int, str] | None = None
    for alt in alternates:
        found = _qualifier(name, alt)
        if not found:
            continue
        kind, words = found
        key = fold(words)
        if counts.get(key, 0) < 2 or key in excluded or key in _NOT_QUALIFIERS:
            continue
        rank = (*_PREPOSITIONS, "()").index(kind)
        candidate = _restore_umlauts(alt, alternates)
        score = (-rank, int(not candidate.isascii()), counts[key], candidate)
        if best is None or score > best:
            best = score
    return best[3] if best else name


def _bilingual(name: str, alternates: Collection[str]) -> str:
    """'Lubnjow' with alternate 'Luebbenau/Lubnjow' → 'Luebbenau' (German half of the pair)."""
    suffix = "/" + name
    for alt in sorted(alternates):
        if alt.endswith(suffix) and len(alt) > len(suffix) and "/" not in alt[: -len(suffix)]:
            return alt[: -len(suffix)]
    return name


def _attested(candidate: str, alternates: Collection[str]) -> bool:
    key = fold(candidate)
    return any(fold(alt).split("/")[0] == key for alt in alternates)


def german_name(
    name: str,
    alternates: Collection[str],
    *,
    ambiguous: bool = False,
    qualifiers: Mapping[str, int] | None = None,
    excluded_qualifiers: Collection[str] = (),
) -> tuple[str, str]:
    """The proper German name of a German place and, if GeoNames used one, its English name.

    `alternates` should be a set: it is probed many times. A name shared with another place
    (`ambiguous`) gets the qualifier GeoNames knows for it, if that landscape is used by
    other places too (`qualifiers`, from `qualifier_counts`); `excluded_qualifiers` are
    folded words never used as one (state names: "Jena (Thueringen)").
    """
    english = ""
    table_name = EXONYMS.get(name) or MINORITY_NAMES.get(name)
    if table_name and _attested(table_name, alternates):
        english = name if name in EXONYMS else ""
        name = table_name
    else:
        name = _bilingual(name, alternates)
    name = _restore_umlauts(name, alternates)
    name = _reorder(name, alternates)
    if ambiguous and " " not in name and not name.endswith(")"):
        name = _qualify(name, alternates, qualifiers or {}, excluded_qualifiers)
    return name, english


# Honorific titles that official names carry in front of the name people use ("Hansestadt
# Stade", "Universitäts- und Hansestadt Greifswald", "Kurort Oberwiesenthal"). "Markt" is not
# among them: in Bavaria it is part of the name people use (Markt Schwaben).
TITLES: tuple[str, ...] = (
    "Universitäts- und Hansestadt",
    "Hansestadt",
    "Universitätsstadt",
    "Lutherstadt",
    "Landeshauptstadt",
    "Große Kreisstadt",
    "Kreisstadt",
    "Kurort",
    "Stadt",
    "Gemeinde",
    "Flecken",
)
# Where the title is the name people use, it stays.
TITLE_IS_THE_NAME: frozenset[str] = frozenset({"Lutherstadt Wittenberg", "Lutherstadt Eisleben"})


def common_name(name: str, attested: Collection[str]) -> str:
    """'Hansestadt Stade' → 'Stade', if 'Stade' is attested (an alternate or GeoNames' name)."""
    if name in TITLE_IS_THE_NAME:
        return name
    for title in TITLES:
        rest = name.removeprefix(title + " ")
        if rest != name and rest[:1].isupper() and rest in attested:
            return rest
    return name
