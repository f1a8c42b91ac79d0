"""Writing exercises: laying one out (new), checking it (validate), its hints and its JSON Schemas."""
