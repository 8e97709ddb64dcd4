"""The rules: one module per rule area (setup, requirements, activation, the buildings, fish
trade, two players, solo, end scoring) and the engine that runs the turn flow. Imports only
`ragusa.core`."""
