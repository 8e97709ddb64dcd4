"""The web app's HTTP API described in OpenAPI 3.1 (`GET /api/openapi.json`, the docs' HTTP API page).

The message schemas are the protocol schema's (`.schema`); the other routes (the board data, the
library's schemas, the live updates) are described here.
"""

from __future__ import annotations

import json
from typing import Any

from .requests import REQUESTS
from .schema import RESPONSES, protocol_schema

__all__ = ["openapi"]


def openapi(version: str) -> dict[str, Any]:
    """An OpenAPI 3.1 description of the web app's HTTP API (the protocol at `POST /api/message`).

    The message schemas are the protocol schema's; their references to the library's documents
    (`action.schema.json`...) resolve against `/schemas/` on the same server.
    """
    proto = protocol_schema()
    defs = {
        k: json.loads(json.dumps(v).replace("#/$defs/", "#/components/schemas/")) for k, v in proto["$defs"].items()
    }
    requests = [{"$ref": f"#/components/schemas/{op}_request"} for op in REQUESTS]
    responses = [{"$ref": f"#/components/schemas/{op}_response"} for op in RESPONSES]
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/error_response"}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "ragusa serve", "version": version, "description": proto["description"]},
        "paths": {
            "/api/message": {
                "post": {
                    "summary": "one protocol request; over HTTP a game request carries its seat's token",
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {"oneOf": requests}}}},
                    "responses": {
                        "200": {
                            "description": "done",
                            "content": {"application/json": {"schema": {"oneOf": responses}}},
                        },
                        "400": {"description": "malformed body or message", "content": error},
                        "403": {"description": "no token, a forged token, or a seat number", "content": error},
                        "404": {"description": "no such game", "content": error},
                        "409": {
                            "description": "not this seat's turn, an undo/game-over conflict, or stale (the game changed since the client saw it)",
                            "content": error,
                        },
                        "413": {"description": "body over 1 MB", "content": error},
                        "422": {"description": "an illegal action; rule names the rule clause", "content": error},
                        "500": {
                            "description": "an unexpected failure (logged); the next request is served",
                            "content": error,
                        },
                    },
                }
            },
            "/api/board": {
                "get": {
                    "summary": "the board and component data the page draws from",
                    "responses": {"200": {"description": "board data"}},
                }
            },
            "/api/openapi.json": {
                "get": {"summary": "this description", "responses": {"200": {"description": "OpenAPI 3.1"}}}
            },
            "/schemas/{name}": {
                "get": {
                    "summary": "the library's JSON Schemas (action, view, record...)",
                    "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "a schema"}},
                }
            },
            "/api/live/{game}/{token}": {
                "get": {
                    "summary": (
                        "a seat's live updates (Server-Sent Events): an event with the game's version at once, then"
                        " one each time the game changes, and a keep-alive comment on a quiet stream; the page"
                        " then asks view for what its seat may see (nothing secret travels on the stream)"
                    ),
                    "parameters": [
                        {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}},
                        {
                            "name": "token",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                            "description": "a human seat's secret (its link's last part)",
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "a text/event-stream, each event's data a live_event",
                            "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/live_event"}}},
                        },
                        "403": {"description": "the token is not a seat of this game (forbidden)", "content": error},
                        "404": {"description": "no such game (not_found)", "content": error},
                    },
                }
            },
        },
        "components": {"schemas": {**defs, "live_event": _LIVE_EVENT}},
    }


#: the data of each event of a game's live stream (`GET /api/live/{game}/{token}`)
_LIVE_EVENT: dict[str, Any] = {
    "type": "object",
    "description": "an event of the live stream: the game changed, and is now at status.version `version`",
    "properties": {
        "game": {"type": "string", "description": "the game id"},
        "version": {"type": "integer", "minimum": 0, "description": "the game's status.version now"},
    },
    "required": ["game", "version"],
    "additionalProperties": False,
}
