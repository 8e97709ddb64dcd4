"""The JSON protocol shared by `ragusa engine` (JSON lines on stdin/stdout) and the web app.

`handle` takes one request dict and returns one response dict,
over a store of `Session` objects.
"""
