"""The offline gazetteer: GeoNames data, proper names, facts, towns of the world, loading."""
