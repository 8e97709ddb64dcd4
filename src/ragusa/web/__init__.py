"""`ragusa serve`: a local web app to play Ragusa in the browser (needs the `web` extra).

The server speaks the protocol of `ragusa.service` at `POST /api/message`; games live in
SQLite or PostgreSQL (`ragusa.web.db`), shared by any number of server processes; the bots
think in worker processes (`ragusa.web.workers`); each open page is pushed its game's changes
(`ragusa.web.live`). Each human seat has a secret link, and the page only ever gets that
seat's view. The page itself (`static/`) is plain HTML, JavaScript and SVG.
"""
