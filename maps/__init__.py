"""Rendering and the command line: folium maps, page and embed templates, exports, the incremental build
and the typer CLI (`evacmap`)."""
