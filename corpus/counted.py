"""What a number in the news can count: the nouns a count may head, each with the normal form comparisons
use ("coaches" are buses, "troops" soldiers), which of them are people, and the shape of a demonym plural.

Plain vocabulary of English news, kept apart from the rules in corpus.quantities that read it.
"""
from __future__ import annotations

import re

__all__ = ["DEMONYM", "HUMAN", "MONTH_DAY", "MOVED_COUNT", "NOUNS", "REACHED", "WHOLE_OF"]

# What can be counted, with the normal form the comparison uses.
NOUNS = {
    "people": "people", "person": "people", "persons": "people", "individuals": "people",
    "lives": "people", "civilians": "civilians", "civilian": "civilians",
    "residents": "residents", "inhabitants": "residents", "villagers": "residents",
    "citizens": "nationals", "citizen": "nationals",
    "evacuees": "evacuees", "evacuee": "evacuees", "fighters": "fighters", "fighter": "fighters",
    "gunmen": "fighters", "militants": "fighters", "combatants": "fighters",
    "militiamen": "fighters", "rebels": "rebels", "rebel": "rebels",
    "soldiers": "soldiers", "troops": "soldiers",
    "wounded": "wounded", "injured": "wounded", "casualties": "casualties",
    "dead": "killed", "killed": "killed", "deaths": "killed", "bodies": "killed",
    "children": "children", "child": "children", "orphans": "orphans", "women": "women",
    "men": "men", "families": "families", "family": "families", "patients": "patients",
    "volunteers": "volunteers", "volunteer": "volunteers", "workers": "workers",
    "doctors": "doctors", "refugees": "refugees", "hostages": "hostages", "prisoners": "prisoners",
    "buses": "buses", "bus": "buses", "busses": "buses", "coaches": "buses",
    "ambulances": "ambulances", "ambulance": "ambulances", "vehicles": "vehicles",
    "vehicle": "vehicles", "cars": "vehicles", "trucks": "trucks", "truck": "trucks",
    "lorries": "trucks", "convoys": "convoys", "convoy": "convoys",
    # who else an evacuation moves or shelters, and what carries or houses them
    "nationals": "nationals", "national": "nationals", "passengers": "passengers", "passenger": "passengers",
    "foreigners": "foreigners", "expatriates": "foreigners", "expats": "foreigners", "diplomats": "diplomats",
    "staff": "staff", "employees": "staff", "personnel": "staff", "dependants": "dependants",
    "dependents": "dependants", "households": "households", "pets": "pets", "animals": "animals",
    "responders": "responders", "firefighters": "firefighters", "firemen": "firefighters", "crews": "crews",
    "crew": "crews", "members": "people",
    "rescuers": "rescuers", "peacekeepers": "peacekeepers",
    "rescues": "rescues", "missing": "missing", "migrants": "migrants", "pilgrims": "pilgrims",
    "students": "students", "tourists": "tourists", "elderly": "elderly", "babies": "children",
    "visitors": "visitors", "holidaymakers": "holidaymakers", "holiday-makers": "holidaymakers", "campers": "campers",
    "infants": "children", "shelters": "shelters", "shelter": "shelters", "kitchens": "kitchens",
    "inpatients": "patients", "relatives": "relatives", "parents": "parents",
    "companions": "companions", "escorts": "companions", "carers": "companions", "caregivers": "companions",
    "camps": "camps",
    "flights": "flights", "flight": "flights", "planes": "aircraft", "aircraft": "aircraft",
    "helicopters": "aircraft", "ships": "ships", "ship": "ships", "boats": "boats", "vessels": "ships",
    "ferries": "ships", "trains": "trains", "train": "trains",
    "sailings": "sailings", "voyages": "sailings",  # a ship's trips, as "flights" are a plane's
    "engines": "vehicles", "homes": "homes", "houses": "homes", "buildings": "buildings",
    "structures": "buildings",
    "countries": "countries", "counties": "counties", "organisations": "organisations",
    "organizations": "organisations", "agencies": "agencies", "sections": "sections", "spans": "sections",
    "nationalities": "nationalities", "holders": "nationals", "rotations": "flights",
    "arrivals": "people", "survivors": "survivors",
    # a participle standing for the people it describes ("30,000 displaced", "among 800 displaced in all"), and
    # what a disaster's aftermath counts
    "displaced": "displaced", "cases": "cases", "schools": "schools",
    # what a flood's toll counts beside the dead: the places flooded, the bridges lost, the police swept away
    "villages": "villages", "districts": "districts", "bridges": "bridges", "policemen": "policemen",
    "policewomen": "policewomen",
}
# Demonyms ("538 Indonesians", "230 Britons"): capitalised plurals a count may head, kept as written.
# The shapes cover most; the irregular plurals are listed ("64 Greeks", "47 Swedes", "300 Filipinos"), and so
# are the few in "-ons" (a shape that would take "two Sea Stallions" or "the Falcons" for people).
DEMONYM = re.compile(r"(?:[A-Z][a-z]+(?:ans|ese|[a-z]is|ots|ards|[cr]ks|chs)|Britons|Bretons|Greeks|Swedes|Danes|Finns|Poles|"
                     r"Filipinos|Kurds|Arabs|Serbs|Croats|Uzbeks|Tajiks|Kazakhs)$")
HUMAN = frozenset({"people", "civilians", "residents", "evacuees", "fighters", "rebels",
                   "foreign fighters", "soldiers", "wounded", "killed", "casualties", "children",
                   "orphans", "women", "men", "families", "patients", "volunteers", "workers",
                   "doctors", "refugees", "hostages", "prisoners", "nationals", "passengers", "foreigners",
                   "diplomats", "staff", "dependants", "responders", "firefighters", "crews", "rescuers",
                   "peacekeepers", "missing", "migrants", "pilgrims", "students", "tourists", "elderly",
                   "survivors", "relatives", "parents", "visitors", "holidaymakers", "campers", "displaced", "policemen",
                   "policewomen"})

# The shapes that name what a bare number counts before it (read by corpus.quantities):
# a whole named by the part it includes: "put the total at 3,100, among them 900 Chileans" (people);
WHOLE_OF = re.compile(r"^,?\s+(?:including|among them|among whom|of whom)\s+(?:(?:about|some|around|nearly|almost|"
                      r"more than|over|roughly)\s+)?\d[\d,]*", re.I)
# the counted noun before a participle and a verb of reaching: "the number of people evacuated rose to 3,000", "the
# number evacuated since Sunday reached 8,200", "those evacuated so far total 900", "people flown out now number 3,000"
# (nothing else numbered between; a date there is no count: MONTH_DAY).
REACHED = re.compile(r"(?:\b(?:at|to|reach(?:ed|es)?|hit|topped|passed|exceeded|surpassed|totall?ed|totals?|number(?:ed|s)?)|:)"
                     r"\s+(?:(?:about|some|around|roughly|nearly|almost|more than|over|at least)\s+)?$", re.I)
MOVED_COUNT = re.compile(r"\b(?:the (?:number|total|tally|count)(?: of)?|those|(people|residents|civilians|evacuees))"
                         r"\s+(?:(?:now|so far|already)\s+)?(?:evacuated|displaced|rescued|relocated|moved|flown out|"
                         r"airlifted|taken out|bused out|sheltered|housed|registered|confined|quarantined|trapped|"
                         r"stranded)\b[^.;:\d]{0,80}?"
                         + REACHED.pattern, re.I)
MONTH_DAY = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b", re.I)
