"""Component data from outside the package: validated against the published `components`
schema, then structured and checked by `ragusa.core.components`.

Examples:
    >>> from ragusa.contract.components import load_components
    >>> from ragusa.core.components import COMPONENTS
    >>> load_components() == COMPONENTS
    True
"""

from __future__ import annotations

from typing import Any

from ragusa.contract.schema import check_document, parse_json
from ragusa.core.components import ComponentData, standard_text, structure_components
from ragusa.core.errors import ComponentDataError, InvalidInputError


def parse_components(raw: Any) -> ComponentData:
    """Validate component data already parsed from JSON against its schema, then structure and check it."""
    try:
        check_document("components", raw)  # the published schema first: every value's type and vocabulary
    except InvalidInputError as exc:
        raise ComponentDataError(f"component data {exc.path}: {exc.explanation}", exc.path) from None
    return structure_components(raw)


def load_components(text: str | None = None) -> ComponentData:
    """Load component data from JSON text (a corrected board, say), or the packaged `standard.json`."""
    if text is None:
        text = standard_text()
    try:
        raw = parse_json(text)
    except InvalidInputError as exc:
        raise ComponentDataError(f"component data: {exc.explanation}", exc.path) from None
    return parse_components(raw)
