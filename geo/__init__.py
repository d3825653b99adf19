"""Places and claims -> GeoDataFrames: zone files (``geo.zones``), movement legs read from the articles
(``geo.legs``), routes merged across sources with schematic or road-snapped geometry (``geo.routes``,
``geo.geometry``), control claims checked against the zones (``geo.control``) and the spatial joins between
them (``geo.joins``). Stored in EPSG:4326; lengths and distances are geodesic (WGS84), planar work uses a
projection centred on each geometry.
May import gazetteer and corpus, never maps."""
