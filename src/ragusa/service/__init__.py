"""The JSON protocol shared by ``ragusa engine`` (JSON lines on stdin/stdout) and the web app.

:func:`~ragusa.service.protocol.handle` takes one request dict and returns one response dict,
over a store of :class:`~ragusa.service.session.Session` objects.
"""
