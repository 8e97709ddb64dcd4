"""Send protocol messages through the service, checking every request and response against
``schemas/protocol.schema.json`` (and, through it, the action, view and record schemas)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from ragusa.service.protocol import Store, handle

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"


def _validator(defn: str | None = None) -> Draft202012Validator:
    docs = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.schema.json")}
    registry: Registry[Any] = Registry().with_resources(
        (name, Resource.from_contents(doc)) for name, doc in docs.items()
    )
    root = docs["protocol.schema.json"]
    schema = root if defn is None else {"$ref": f"protocol.schema.json#/$defs/{defn}"}
    return Draft202012Validator(schema, registry=registry)


MESSAGE = _validator()


def check(message: Any) -> None:
    """Fail unless ``message`` is a valid protocol message (request or response)."""
    errors = sorted(MESSAGE.iter_errors(message), key=str)
    assert not errors, f"{json.dumps(message)[:300]} does not fit the protocol schema: {errors[0].message[:300]}"


def send(store: Store, request: Any, *, valid: bool = True) -> dict[str, Any]:
    """The response to ``request``; both are checked against the schema (the request only when ``valid``)."""
    if valid:
        check(request)
    response = handle(store, json.loads(json.dumps(request)))
    response = dict(json.loads(json.dumps(response)))  # what a client receives
    check(response)
    return response
