"""The ten city buildings, one module each (the three producers share `.production`).

Each module has `start(w, seat) -> bool`: perform the building's effect for `seat`
(the owner of the activating house, or the placing player for powerhouses), or open
the decision it needs and return True.
"""
