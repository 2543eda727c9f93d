"""The edition-agnostic play core: engine, registry, store, reads, access, presentation."""
