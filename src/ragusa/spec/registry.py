"""The clause registry: `clauses.toml` loaded into frozen attrs classes and validated.

The TOML file in this package is the single source of truth for the clause catalogue
(the rule clauses plus library rulings; the docs' Rules pages are generated from it). `load_registry` reads it and checks
it: unique IDs, well-formed IDs, known areas and editions, required fields present,
no unknown fields, an ID prefix that matches its area, a reason on every ruling, a
`pending_reason` on every pending clause, and contradictions that name existing
clauses. Every problem found is reported at once in a `RegistryError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import attrs

#: Areas of the catalogue, in the order the docs present them.
AREAS: tuple[str, ...] = (
    "setup",
    "resources",
    "turn",
    "build",
    "activation",
    "buildings",
    "fish",
    "end",
    "two-player",
    "solo",
    "editions",
    "rulings",
)

#: Human titles of the areas.
AREA_TITLES: Mapping[str, str] = {
    "setup": "Setup",
    "resources": "Resources and commodities",
    "turn": "Turn",
    "build": "Building requirements",
    "activation": "Activation",
    "buildings": "City buildings",
    "fish": "Fish trade",
    "end": "End of game",
    "two-player": "Two players",
    "solo": "Solo",
    "editions": "Editions",
    "rulings": "Rulings",
}

#: The two rulebook editions.
EDITIONS: tuple[str, ...] = ("1st", "2nd")

#: Clause statuses. A pending clause is catalogued but not expected to be built yet.
STATUSES: tuple[str, ...] = ("active", "pending")

#: Kinds of contradiction (R-13): an example against the rule text, or the text against itself.
CONTRADICTION_KINDS: tuple[str, ...] = ("example", "text")

#: Which area each ID prefix belongs to.
PREFIX_AREAS: Mapping[str, str] = {
    "SETUP": "setup",
    "RES": "resources",
    "TURN": "turn",
    "BUILD": "build",
    "ACT": "activation",
    "WINERY": "buildings",
    "OILPRESS": "buildings",
    "SILVERSMITH": "buildings",
    "MASON": "buildings",
    "ARCHITECT": "buildings",
    "FISHMONGER": "buildings",
    "MARKET": "buildings",
    "WHARF": "buildings",
    "RECTOR": "buildings",
    "CATHEDRAL": "buildings",
    "FISH": "fish",
    "END": "end",
    "END-WALL": "end",
    "END-CATH": "end",
    "END-BONUS": "end",
    "WIN": "end",
    "TWO": "two-player",
    "SOLO": "solo",
    "ED": "editions",
    "R": "rulings",
}

#: A clause ID: an upper-case prefix (words joined by hyphens), a number, an optional sub-clause letter.
ID_PATTERN = re.compile(r"^(?P<prefix>[A-Z]+(?:-[A-Z]+)*)-(?P<number>[1-9][0-9]*)(?P<sub>[a-z]?)$")

CLAUSE_REQUIRED = ("id", "area", "title", "statement", "editions", "source")
#: fields that every clause of the "editions" area has, and no other clause
EDITION_FIELDS = ("first_edition", "second_edition", "option_effect")
CLAUSE_OPTIONAL = ("reason", "status", "pending_reason") + EDITION_FIELDS
CONTRADICTION_REQUIRED = ("id", "kind", "editions", "where", "says", "rule", "decided_by")
CONTRADICTION_OPTIONAL = ("note",)


class RegistryError(ValueError):
    """The clause registry file is malformed; `problems` lists every problem found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = tuple(problems)
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"invalid clause registry {source}: {len(problems)} problem(s)\n{lines}")


@attrs.frozen
class Clause:
    """One rule of the catalogue."""

    id: str
    area: str
    title: str
    statement: str
    editions: tuple[str, ...]
    source: str
    reason: str | None = None
    status: str = "active"
    pending_reason: str | None = None
    #: (editions area) what the 1st edition says
    first_edition: str | None = None
    #: (editions area) what the 2nd edition says
    second_edition: str | None = None
    #: (editions area) what the game's `edition` option changes in the library
    option_effect: str | None = None

    @property
    def pending(self) -> bool:
        """True for a clause that is catalogued but not expected to be built yet."""
        return self.status == "pending"

    @property
    def is_ruling(self) -> bool:
        """True for the library's own rulings (R-n)."""
        return self.area == "rulings"


@attrs.frozen
class Contradiction:
    """A place where a rulebook contradicts itself, and the clauses that decide it (R-13)."""

    id: str
    kind: str
    editions: tuple[str, ...]
    where: str
    says: str
    rule: str
    decided_by: tuple[str, ...]
    note: str | None = None


@attrs.frozen
class Registry:
    """The validated clause catalogue, in file order."""

    clauses: tuple[Clause, ...]
    contradictions: tuple[Contradiction, ...] = ()
    _by_id: Mapping[str, Clause] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.clauses})

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self._by_id

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses)

    def __len__(self) -> int:
        return len(self.clauses)

    @property
    def ids(self) -> tuple[str, ...]:
        """Every clause ID, in file order."""
        return tuple(c.id for c in self.clauses)

    def get(self, clause_id: str) -> Clause:
        """The clause with this ID; `KeyError` if the registry has none."""
        try:
            return self._by_id[clause_id]
        except KeyError:
            raise KeyError(f"no clause {clause_id!r} in the registry") from None

    def by_area(self, area: str) -> tuple[Clause, ...]:
        """The clauses of one area, in file order."""
        if area not in AREAS:
            raise ValueError(f"unknown area {area!r}; known areas: {', '.join(AREAS)}")
        return tuple(c for c in self.clauses if c.area == area)

    @property
    def pending(self) -> tuple[Clause, ...]:
        """The pending clauses."""
        return tuple(c for c in self.clauses if c.pending)


def id_prefix(clause_id: str) -> str | None:
    """The prefix of a well-formed clause ID (`END-WALL` for `END-WALL-2`), else None."""
    match = ID_PATTERN.match(clause_id)
    return match.group("prefix") if match else None
