"""Place names -> places: curated data, name normalisation, the mention matcher, the GeoNames layer,
user overrides and a geopy-compatible geocoder. Imports nothing from corpus, geo or maps."""
from gazetteer.model import Match, Place

__all__ = ["Place", "Match"]
from gazetteer.gazetteer import Gazetteer  # noqa: E402

__all__ += ["Gazetteer"]
