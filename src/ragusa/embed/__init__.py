"""Ragusa where user interfaces run: in the browser and Node.js (Pyodide), and as one executable.

- `ragusa export-web DIR` (`.export`): a static site that plays entirely in the browser, with
  `ragusa.mjs`, an ES module whose `loadRagusa()` answers protocol requests as `ragusa engine`
  does, in the page or in Node.js 18 and newer.
- `ragusa bundle-engine FILE` (`.bundle`, the `bundle` extra): `ragusa engine` as one executable
  that needs no Python.
- `.typescript`: `ragusa.d.ts`, the TypeScript types of every document and protocol message,
  generated from the JSON Schemas.
- `.runtime`: what `ragusa.mjs` runs inside Pyodide (the base install only: attrs and cattrs).
"""
