"""The classroom shells every edition shares: projector, device, join, and the play API."""
