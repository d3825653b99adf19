"""Place names -> places: curated data, name normalisation, the mention matcher, the GeoNames layer,
user overrides and a geopy-compatible geocoder. Imports nothing from corpus, geo or maps."""
from evacmap.gazetteer.model import Match, Place

__all__ = ["Match", "Place"]
from evacmap.gazetteer.gazetteer import Gazetteer

__all__ += ["Gazetteer"]
