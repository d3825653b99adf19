"""``python -m evacmap`` runs the command line."""
from evacmap.maps.cli import main

main()
