"""The bottom layer: component data and board topology, state, actions, events, errors, the
seeded generator and the clause marker. It imports nothing else from ragusa."""
