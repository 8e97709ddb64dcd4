"""The JSON contract: schemas, serialization, validation of input against the rules' invariants,
player views and game records. Imports `ragusa.rules` and `ragusa.core`."""
