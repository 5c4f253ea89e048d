"""The live referee (``railhead serve``): a map loaded once and a position, judged over HTTP.

:mod:`.referee` holds the position and asks the engine (the same functions as the command line's
``--json``); :mod:`.app` is its web API (FastAPI, OpenAPI at ``/openapi.json``), served on the
loopback address only (:mod:`railhead.loopback`).
"""
