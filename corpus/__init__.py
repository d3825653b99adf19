"""Articles -> sources, sentences, place mentions, claims and the cross-source comparison.
Imports the gazetteer; never geo or maps."""
