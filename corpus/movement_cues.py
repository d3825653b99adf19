"""The cue words of :mod:`corpus.movements`: regexes of English news text that say what role a place plays
in a movement (origin, via, destination), who moves, and the status of the movement. Kept apart so that the
rules module stays readable; every pattern is general English, none names a place or a story."""
from __future__ import annotations

import re

from evacmap.corpus.families import Family
from evacmap.corpus.folding import fast

MOVE_WORD = re.compile(r"\b(?:evacuat\w*|convoys?|buses|ambulances|vehicles|brought|bused|moved?|moving|"
                       r"went|gone|go(?:ing)?|head(?:ed|ing)?|traffic|taken|transferred|fle[de]|fleeing|leav\w*|left|"
                       r"bring(?:s|ing)?|carry|carries|"
                       r"bound|travel\w*|depart\w*|set (?:out|off)|reach\w*|arriv\w*|crossed|crossing|snaked|"
                       r"returning|returned|"
                       r"dr[oi]ve|driven|driving|took|relocat\w*|fl[eo]wn?|flying|flights?|airlift\w*|planes?|aircraft|"
                       r"sail\w*|ships?|boats?|trains?|ferr(?:y|ied|ies)|shipped|landed|disembarked|trips?|way|shuttl\w*|"
                       r"transport\w*|rescued|carried|carrying|crawled|walked|trucks?|rolling|rolled|entered|shifted|"
                       r"escaped|refugees|evacuees|corridors?|ashore|"
                       # "hopes to send up to 600 more to X": people sent, not aid, troops or rescuers
                       r"sen(?:d|ds|t|ding)\s+(?:up\s+to\s+|about\s+|some\s+|nearly\s+|more\s+than\s+|another\s+|"
                       r"a\s+further\s+)?(?:\d[\d,]*|hundreds|thousands|dozens)(?:\s+more)?(?!\s+(?:more\s+)?(?:troops|"
                       r"soldiers|police|officers|aid|tons|tonnes|trucks|doctors|medics|rescuers|firefighters|engineers|"
                       r"experts|staff|personnel|workers|volunteers|teams)\b)|"
                       # "sent other patients to hospitals in X": people named by what they are, with no count
                       r"sen(?:d|ds|t|ding)\s+(?:the\s+|other\s+|more\s+|some\s+|its\s+|their\s+)?(?:[a-z]+\s+)?"
                       r"(?:patients|wounded|injured|sick|civilians|families|evacuees|refugees|children|residents))\b", re.I)
#: "35 buses were waiting in X for clearance to drive to Y": X is where a planned movement starts
WAITING = re.compile(r"\b(?:waiting|gathered|gathering|massed|queued|queuing|lined up|assembled|parked)\s+(?:in|at)\s*$",
                     re.I)
WAIT_TO_GO = re.compile(r"\b(?:waiting|gathered|gathering|massed|queued|queuing|lined up|assembled|parked)\b[^,.;]{0,60}?"
                        r"\bto\s+(?:drive|go|leave|travel|fly|sail|cross|move|head|return|set off)\b", re.I)
ORIGIN_CUES = re.compile(r"\b(?:snaked |headed |driven |brought |bused |moved |came |flown |airlifted )?(?:out of)\b|"
                         r"\b(?:fled|left|leave|leaving|departed|fleeing|escaped)\b|\bevacuations? (?:of|in)\b|"
                         r"\bdisplaced from\b|"
                         # "evacuees who had taken shelter at the centre in X were put on buses to Y"
                         r"\b(?:who|that)\s+(?:had\s+|have\s+)?(?:taken shelter|sheltered|been sheltering|been staying|"
                         r"stayed|been stuck|been stranded|been waiting|waited)\s+(?:at|in)\b|"
                         # "boats ... carrying residents of X": the people of X, brought away from it
                         r"\b(?:carrying|bringing|ferrying)\s+(?:[\d,]+\s+|dozens\s+of\s+|hundreds\s+of\s+|more\s+)?"
                         r"(?:residents|people|evacuees|inhabitants|families|survivors)\s+of\b",
                         re.I)
#: "the ship anchored off X to take on 1,200 Americans", "lay off X while small boats carried them out to it": a
#: ship waiting off a place takes its people from there (read only where the sentence says people board: EMBARKING)
OFFSHORE = re.compile(r"\b(?:anchored|anchoring|lay|lying|waited|waiting|moored|stationed|stood|standing|sat|sitting)"
                      r"\s+(?:just\s+)?off\b", re.I)
EMBARKING = re.compile(r"\b(?:to\s+(?:take\s+on|pick\s+up|collect|embark|evacuate|board)|aboard|on\s+board|"
                       r"out\s+to\s+(?:it|her|the\s+ship|the\s+vessel)|tenders?|landing\s+craft|small\s+boats)\b", re.I)
#: "ordered everyone in X to leave": X is where the movement starts (the order is read in corpus.control_text)
ORDERED_OUT = re.compile(r"\b(?:ordered|told|instructed|directed|forced)\s+(?:the\s+)?(?:everyone|everybody|all|residents|people|"
                         r"inhabitants|thousands|hundreds)(?:\s+(?:residents|people|of them))?\s+(?:in|of|from)\b", re.I)
#: (after a list of places: "directed the residents of X, Y and Z to evacuate")
ORDERED_OUT_TAIL = re.compile(r"(?:(?:,|,?\s+and|,?\s+or)\s+(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,3}){0,6}"
                              r"(?:\s+to\s+(?:leave|evacuate|get out|flee)\b|\s+out\b)", re.I)
#: "about 200 residents were flown out": a movement out of the place the sentence is about
FLOWN_OUT = re.compile(r"\b(?:flown|airlifted|bused|bussed|driven|taken|evacuated|moved|ferried|carried|brought|"
                       r"got|gotten|ordered)\s+out\b(?!\s+of\b)", re.I)
#: the people a clause's subject places: "142 people still in |", "residents stranded at |"
PEOPLE_AT = re.compile(r"\b(?:people|residents|inhabitants|holidaymakers|tourists|visitors|families|civilians|villagers|"
                       r"campers|patients)\s+(?:still\s+|stranded\s+|trapped\s+|left\s+|remaining\s+)?(?:in|at|on)\s+"
                       r"(?:the\s+)?$", re.I)
#: "<place> evacuees", "<place> residents": the people of a place, who left it (the article's evacuation origin
#: when it states no other)
#: "had arrived from X", "have come from X": an arrival whose destination is where the story stands
ARRIVED_FROM = re.compile(r"\b(?:arrived|arriving|arrives?|come|came|coming)\s+(?:\w+\s+){0,2}?from\b", re.I)
DEPARTED = re.compile(r"\b(?:fled|flee(?:ing)?|left|escaped|evacuated|got out)\b", re.I)
PEOPLE_OF_PLACE = re.compile(r"\s+(?:evacuees|residents|refugees|evacuated|displaced)\b")
#: what the words of a clause say about how people moved
MODES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("air", re.compile(r"\b(?:fl[eo]wn?|fly(?:ing)?|flights?|airlift\w*|planes?|aircraft|airstrips?|airports?|"
                       r"airfields?|landed|helicopters?|jets?|t(?:ook|akes?|aking) off)\b", re.I)),
    ("sea", re.compile(r"\b(?:ships?|shipped|ferr(?:y|ies|ied|ying)|boats?|sail\w*|vessels?|warships?|frigates?|"
                       r"destroyers?|by sea)\b", re.I)),
    ("road", re.compile(r"\b(?:dr[oi]ve|driv(?:en|ing)|bus(?:es)?|bus+ed|convoys?|vehicles?|cars?|trucks?|traffic|"
                        r"highways?|roads?|by road|overland|(?-i:Highway|Route|Interstate))\b", re.I)),
    ("foot", re.compile(r"\bon foot\b|\bwalk(?:ed|ing)\b", re.I)),
    ("rail", re.compile(r"\b(?:(?:evacuation |special |passenger )?trains?|by rail|railways?|rail link)\b", re.I)),
)
#: a destination named but not a place in any gazetteer: "toward the oil-sands work camps beyond the city"
DESCRIBED_DEST = re.compile(r"\s*(?P<d>the\s+(?:[\w'’-]+\s+){0,3}?(?:camps?|shelters?|cent(?:re|er)s?|"
                            r"evacuation cent(?:re|er)s?|reception cent(?:re|er)s?|coast|border|mountains|hills|"
                            r"countryside|suburbs|outskirts|airport|airfields?|airstrips?|sites?|base)"
                            r"(?:\s+(?:beyond|north|south|east|west|outside|near|of)\s+(?:of\s+)?the\s+(?:city|town|village|"
                            r"border|coast|river))?)\b", re.I)
#: "round trips between X and Y", "a shuttle between X and Y": X is the origin, Y the destination
BETWEEN = re.compile(r"\b(?:trips?|flights?|shuttl(?:es?|ed|ing)|runs?|rotations?|crossings?|sailings?)\s+between\s+$",
                     re.I)
#: "left for X", "fleeing <origin> for X", "departed for X": "for" names a destination after these verbs
FOR_DEST = re.compile(r"\b(?:left|leave|leaving|fled|flee|fleeing|departed|depart|set off|set out|sailed|took off|"
                      r"headed|heading|bound)\b(?:\s+[\w'’-]+){0,6}?\s+for\s*$", re.I)
FROM_CUE = re.compile(r"\bfrom\b", re.I)
#: "One man from downtown X said ..., so he headed north to Y": where the people who moved are from
PEOPLE_FROM = re.compile(r"\b(?:man|woman|men|women|family|families|residents|people|evacuees|couple|refugees|"
                         r"survivors|drivers|passengers|patients|inpatients|workers|students|children|staff|tourists|"
                         r"pilgrims|migrants|citizens|civilians|fighters)\s+from\s*$", re.I)
#: "The convoy had set out from X": the pluperfect of a movement verb, the backstory of one just reported
BACKSTORY = re.compile(r"\bhad\s+(?:\w+ly\s+)?(?:set (?:out|off)|sailed|left|departed|driven|flown|travell?ed|"
                       r"come|came|started|begun|been (?:flown|driven|bused|taken|brought|evacuated))\b[^,;.]*$", re.I)
VIA_CUES = re.compile(r"\b(?:crossed into|crossing into|through|via|by way of|passing|into)\b", re.I)
#: a compass direction, optionally along a named road: "north on Highway 63", "south along Interstate 75"
DIRECTION = (r"(?:north|south|east|west|north-?east|north-?west|south-?east|south-?west)(?:wards?)?"
             r"(?:\s+(?:on|along|via|down|up)\s+(?:the\s+)?(?:(?-i:[A-Z])[\w.-]*\s+){1,3}?(?:\d+[A-Z]?|"
             r"(?-i:[A-Z])[\w.-]*))?")
#: "drove north on Highway 63 toward X", "heading south to X": a direction names a movement without a mover
DIRECTED = re.compile(rf"\b{DIRECTION}\s+(?:to|toward|towards|into|for)\s*$", re.I)
DEST_CUES = re.compile(
    rf"\b(?:{DIRECTION}\s+(?:to(?!\s+(?:stay|shelter)\b)|toward|towards|into)|"
    r"to (?:stay|shelter) (?:with (?:\w+ ){0,2}?\w+ )?(?:in|at)|"
    # "who fled north ... have been sheltering in industry camps, including at X": X is where they went
    r"(?:sheltering|sheltered|staying|stayed|housed|stranded|stuck)\s+(?:in|at)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:camps?|shelters?|cent(?:re|er)s?|sites?|hotels?|schools?|towns?|communities)\s*,?\s+including\s+(?:at|in)|"
    # "crossed into X and are sheltering in (and around) Y": where the movers now stay
    r"(?:are|were|have\s+been|had\s+been|now)\s+(?:sheltering|staying|camped|camping|living)\s+(?:in|at)(?:\s+and\s+around)?"
    r"(?=\s+(?-i:[A-Z]))|"
    r"en route to|on (?:its|their|the) way to|bound for|(?:be |been |being )?taken to|(?:to )?go to|"
    r"going to|making it to|made it to|make it to|reached|reach(?:ing)?|arriv(?:ed|e|es|ing) (?:in|at)|"
    r"(?:were|was|been|being) received (?:in|at)|"  # "5,000 of the arrivals were received at X camp"
    r"(?:were|was|are|is|been) (?:now |safely |all )?back (?:home )?(?:in|at)|"  # "30 of the 36 ... were back in X"
    r"(?:be |been |being )?evacuated to|(?:be |been |being )?transferred to|(?:be |been |being )?bused to|"
    r"(?:be |been |being )?moved to|move to|head(?:ed|ing)? (?:to|for|towards?)|returning to|returned to|"
    r"travell?(?:ed|ing) to|(?:be |been |being )?fl[eo]wn?(?: \w+)? to|fly(?:ing)? to|sail(?:ed|ing)? to|"
    r"(?:landed|landing|touched down|disembarked|docked|docking|moored|mooring|tied up) (?:in|at)|"
    # "landed 349 people at X" (a ship or plane landing those it carries), "was due in X on Monday"
    r"landed (?:[\w,’'-]+ ){1,3}?(?:in|at)|due (?:in|at)|"
    r"(?:pulled|tied) up (?:to|at|alongside)|"
    r"ashore (?:in|at)|"  # "stepped ashore at X", "came ashore in X"
    r"(?:took|taken|taking|sought|seeking|found|finding) (?:refuge|shelter) (?:in|at)|"
    r"pulled into|landed|entered|(?:be |been |being )?driven(?: on)? to|"
    r"(?:pressed|pushed) on (?:\w+ )?toward|toward|towards|continu(?:e|ed|es|ing)(?: on)? to|"
    r"(?:brought|bused|flown|taken|driven|carried|ferried|shipped)(?: [\w,’'-]+){0,4}? back to|"
    # "to go back to X", "have gone back to X": a return is a movement ("back to normal" names no place)
    r"(?:go|goes|going|went|gone|head(?:s|ed|ing)?|travell?(?:ed|ing)?|cross(?:ed|es|ing)?|"
    r"fl[eo]w|flying|sail(?:s|ed|ing)?|drove|driving|mov(?:e|es|ed|ing)) back (?:home )?to|"
    r"(?:expected|due|set) to (?:reach|arrive (?:in|at))|to)\b",
    re.I)
#: destination cues that need a mover named before them (people, vehicles, an evacuation)
WEAK_DEST = re.compile(r"to|reach(?:ed|ing)?|arriv(?:ed|e|es|ing) (?:in|at)|(?:were|was|been|being) received (?:in|at)|"
                       r"entered|landed|toward|towards", re.I)
#: "8,897 people came through X and 1,297 through Y": a count passing a crossing, which ends the leg
CROSSED_AT = re.compile(r"(?:\b(?:came|come|coming|passed|got)|(?<![\d,.:])\d{1,3}(?:,\d{3})+|(?<![\d,.:])\d{2,3})\s+$",
                        re.I)
#: "with more on the way", "850 were still on the road": under way to where the sentence's last movement went
ON_THE_WAY = re.compile(r"\b(?:more|others|many|some|\d[\d,]*)\s+(?:\w+\s+){0,3}?on (?:the|their|its) (?:road|way)\b"
                        r"(?!\s+(?:to|towards?|for|from|back)\b)", re.I)
#: "a humanitarian corridor from X to Y": a path announced or opened, not a movement reported as done
CORRIDOR = re.compile(r"\bcorridors?\b", re.I)
THERE = re.compile(r"\b(?:move|moved|go|went|taken|head|headed|travel)\s+there\b", re.I)
REVERSE_DEST = re.compile(
    r",\s*where\s+(?:the\s+)?(?:(?P<org>[A-Z][\w'’-]+)\s+)?(?:buses|convoys?|evacuees|people|they|fighters|"
    r"civilians)\s+(?:are|were|is|was|will be)\s+(?:headed|heading|going|bound|being taken|taken)\b", re.I)

#: "to camps south and east of the city, at X": where the facilities lie, then (after a comma) their places
LOCATED = (r"\s+(?:north|south|east|west)(?:ern)?(?:\s+and\s+(?:north|south|east|west)(?:ern)?)?\s+of\s+"
           r"the\s+(?:city|town|capital|village|border|coast)\s*,")
LOCATED_RE = re.compile(LOCATED, re.I)
#: words that may stand between a cue and its slot
FILLER = re.compile(r"(?:(?:the|a|an|neighbou?ring|nearby|besieged|another|other|eventually|northern|southern|"
                    r"(?:north|south)-?(?:east|west)ern|"  # "to north-western Syria"
                    r"(?-i:North|South|East|West|Central)|"
                    r"eastern|western|[\w]+[- ](?:held|controlled)|[\w]+-stronghold|stronghold|of|(?-i:[A-Z])\w+['’]s|"
                    # "residents of low-lying parts of X", "the outskirts of X": a part of the place ("the rebel-held
                    # districts of X" are the actor's: corpus/control_text.py places them)
                    r"(?:(?-i:[a-z])[\w-]*\s+){0,2}(?:parts?|outskirts|suburbs?)\s+of|"
                    # "to safer locations on the outskirts of X", "to safe places near X": somewhere at the place
                    r"(?:safer?\s+|higher\s+)?(?:locations|places|sites|ground)\s+(?:on|near|in|at)|"
                    # "Al-Azraq air base in", "a high school in", "a health office in": a facility in the place
                    r"its|their|(?:(?:(?-i:[A-Z])[\w.]*|(?!(?:to|from|into|and|or|for|by|via|with|then|in|at|of|on)\b)"
                    r"(?-i:[a-z])[\w-]*)\s+){0,3}(?:headquarters|embassy|embassies|compound|offices?|"
                    r"hospitals?|shelters?|camps?|(?:air|military|naval|army) base|bases?|barracks|airports?|"
                    r"airfields?|airstrips?|ports?|stations?|(?:reception )?cent(?:re|er)s?|hotels?|bus stops?|"
                    r"stadiums?|schools?|arenas?|(?:community |civic |town )?halls?|churche?s?|mosques?|gyms?|"
                    r"border crossings?|crossings?|borders?|checkpoints?|jett(?:y|ies)|piers?|docks?|wharf|wharves|quays?|"
                    r"marinas?|(?:boat )?ramps?|(?:ferry )?terminals?|beach(?:es)?|foreshore|waterfront|harbou?rs?|"
                    # "left the town of X", "the seaside resort of X", "the neighbouring island of X": a settlement
                    # or an island named by its kind
                    r"towns?|city|cities|villages?|resorts?|islands?)"
                    rf"(?:{LOCATED})?\s+(?:in|at|near|outside|of|"
                    # "camps east of X": a place near X, drawn at X as "near X" is
                    r"(?:north|south|east|west)(?:-?(?:east|west))?\s+of))\s+){0,5}", re.I)
#: "flying on to", "continued to", "pressed on toward", "then": the movement goes on from the last place reached
_ARRIVAL = r"(?:landed|arrived|docked|touched\s+down|pulled\s+into)\b"
CONTINUES = re.compile(r"^and\s+(?:then\s+)?(?:were\s+|was\s+|be\s+)?\w+|"
                       r"\b(?:on to|onward|onwards|continu(?:e|ed|es|ing) (?:on )?to|(?:pressed|pushed|went|drove|"
                       r"moved) on|then|from there)\b", re.I)

OPTIONAL = re.compile(r"\bmay opt\b|\bopt(?:s|ing)? to\b|\bwho choose\b|\bchoose to\b|\bcan go\b|\bcould go\b|"
                      r"\bif they (?:wish|want|choose)\b|\boption\b", re.I)
DISPUTED = re.compile(r"\bdenied\b|\bdenies\b|\bdisputed\b|\bunconfirmed\b|\bunverified\b|"
                      r"\bcould not (?:be )?(?:independently )?(?:confirm|verif)\w*|\bno (?:independent )?confirmation\b",
                      re.I)
UNDER_WAY = re.compile(r"\bunder ?way\b|\bon the road\b|\bbound for\b|\bfleeing\b|\b(?:pressed|pushed) on\b|\btowards?\b|"
                       r"\ben route\b|\bon (?:its|their|the) way\b|"
                       r"\b(?:is|are|was|were) (?:still )?(?:heading|headed|travell?ing|moving|leaving|fleeing|"
                       r"streaming|driving|being (?:evacuated|taken|moved|bused|flown|transferred))\b|"
                       r"\b(?:continue[sd]?|continuing) to (?:leave|flee|arrive|cross)\b|"
                       # "flights from X to Y continued through the weekend": an operation still going on
                       r"\b(?:flights?|convoys?|airlifts?|evacuations?|sailings?)\b[^,.;]{0,80}\bcontinu(?:e|es|ed|ing)\b|"
                       r"\bwhere [^,.;]{0,40}\b"
                       r"(?:are|is) (?:headed|heading|going|bound)\b", re.I)
DONE = re.compile(r"\b(?:left|fled|arrived|reached|crossed|snaked|departed|evacuated|brought|bused|flown|landed|ashore|"
                  r"touched down|made it|entered|escaped|returned|transferred|moved|drove|went|took|carried|ferried|"
                  r"rescued|began|started)\b|\bhad (?:\w+ )?(?:been )?\w+ed\b", re.I)
PLANNED = re.compile(r"\b(?:waiting|gathered|massed|queued|lined up|assembled|ready|cleared|permission)\b[^,.;]{0,60}?"
                     r"\bto\s+(?:drive|go|leave|travel|fly|sail|cross|move|head|return|set off)\b|"
                     r"\bwill\b|\bwould\b|['’]ll\b|\bshall\b|\blikely to\b|\bexpected\b|\bexpects?\b|"
                     r"\bplan(?:s|ned)?\b|\bto be (?:evacuated|taken|moved|transferred|bused)\b|\bhope[sd]?\b|"
                     r"\bwant(?:s|ed)? to\b|"
                     r"\ballowed to\b|\bset to\b|\bdue to\b|\bpushed for\b|\bdemand(?:ed|s)?\b|\bprepared to\b|"
                     r"\bshould\b|\bmight\b|\b(?-i:may)\b|\bcould\b|\bcan\b|\bmust\b|\bagreed to\b|"
                     # "are to leave for X", "is scheduled to", "were supposed to"
                     r"\b(?:is|are|was|were) to (?:be |leave|go|travel|head|move|depart|fly|sail|cross|return)\b|"
                     r"\b(?:scheduled|supposed|intended|meant|slated|preparing) to\b|"
                     # "arranged a special train to take them to X": a means laid on for a movement, not the movement
                     r"\b(?:arranged|organi[sz]ed|laid on|chartered|provided)\s+(?:[\w'’-]+\s+){0,4}?to\s+(?:take|carry|"
                     r"bring|fly|ferry|move|transport)\b|"
                     # "told tourists to leave X", "were ordered to leave X": what an order or request asks for
                     r"\b(?:told|ordered|(?:were|was|been) asked|urged|advised|instructed|directed)\s+(?:[\w'’,-]+\s+){0,8}?"
                     r"(?:(?:and|or)\s+(?:(?-i:[A-Z])[\w'’.-]*\s+){1,4})?to\s+(?:leave|evacuate|vacate|go|move|head)\b", re.I)
#: "the first Britons to be taken out": an ordinal's infinitive describes who was moved, it plans nothing; nor
#: does an ability that picks out the movers ("209 patients who could walk left")
FIRST_TO_BE = re.compile(r"\b(?:first|last|only)\s+(?:[\w'’-]+\s+){0,3}?to\s+be\s+\w+|"
                         r"\bwho\s+(?:could|can|were\s+able\s+to|was\s+able\s+to)\s+(?:still\s+)?\w+", re.I)
_PUNCT = re.compile(r"[;:]|(?<!\d)[,.]|[,.](?!\d)")  # not the comma or point inside a number ("1,000 people")
#: "took 460 people, most of them Italians, to X": an apposition saying who the people were does not end the phrase
_APPOSED = re.compile(r",\s*(?:(?:most|many|some|all|half|several|(?:about|some|nearly|almost|around)\s+)?[\d,]*\d|most|"
                      r"many|some|all|half|several)\s+of\s+(?:them|whom)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+\s*,|"
                      r",\s*(?:among them|including)\s+(?:[\w'’-]+\s+){0,3}?[\w'’-]+\s*,", re.I)


def phrase_broken(between: str) -> bool:
    """Whether punctuation ends a phrase in `between` (a number's comma and an apposition of the movers do not)."""
    return _PUNCT.search(_APPOSED.sub(" ", between)) is not None


def status_window_end(text: str, end: int, hi: int, words: int = 3) -> int:
    """Extend a movement's status window over up to `words` words after the last slot, stopping at punctuation:
    "the departure of rebels from Aleppo would mark ..." is planned."""
    m = re.match(rf"(?:[ \t]+[\w'’-]+){{0,{words}}}", text[end:hi])
    return end + (m.end() if m else 0)


#: "as the fire crossed into X", "after the floodwaters reached X", "the (lava) flow is heading for X": what a
#: hazard does is no movement of people
HAZARD_MOVES = re.compile(r"\b(?:the\s+|a\s+)?(?:fire|fires|blaze|wildfire|flames|hurricane|storm|cyclone|typhoon|"
                          r"flood(?:s|waters?)?|water|smoke|lava|(?:lava\s+|mud\s*)?flows?|ash|ash\s+cloud|storm\s+surge|"
                          r"surge|shelling|fighting)\s+"
                          r"(?:(?:has|had|have|was|is|were|had\s+been|has\s+been)\s+)?(?:now\s+|already\s+)?"
                          r"(?:crossed|cross(?:es|ing)?|mov(?:ed|es|ing)|spread(?:s|ing)?|reach(?:ed|es|ing)?|swept|"
                          r"sweep(?:s|ing)?|jump(?:ed|s|ing)?|advanc(?:ed|es|ing)|enter(?:ed|s|ing)?|hit|hits|"
                          r"closed\s+in|bore\s+down|roar(?:ed|s|ing)|made\s+landfall|headed|heading)\b", re.I)
NOT_A_MOVE = re.compile(r"\btried to\b|\battempt(?:ed|ing) to\b|\bfailed\b|\bcollapsed\b|\bhalted\b|"
                        r"\bprevented\b|\bblocked\b|\bunable to\b|\bturned back\b|\brefused to\b|"
                        r"\b(?:could not|couldn['’]t|cannot|can['’]t|not allowed to) (?:leave|get out|go|reach|cross|"
                        r"evacuate|escape)\b|"
                        # "The Rafah crossing into Egypt remained closed": a way out, closed, is no one moving
                        r"^\W*(?:the\s+)?(?:[\w'’-]+\s+){0,3}?(?:crossing|border|road|highway|airport|port|checkpoint|"
                        r"corridor|bridge)\b[^,;]{0,40}?\b(?:remained|remains|was|were|is|are|stayed|stays|had\s+been|"
                        r"has\s+been)\s+(?:still\s+)?(?:closed|shut)\b", re.I)
#: "troops captured X before moving on to Y", "forces raised the flag over X": an advance, no evacuation (unless the
#: clause names people who move: "after forces recaptured X, families returned to it")
ADVANCE = re.compile(r"\b(?:troops|forces|soldiers|army|fighters|militants|rebels)\s+(?:had\s+|have\s+|has\s+)?"
                     r"(?:captured|recaptured|retook|seized|stormed|overran|raised\s+(?:the|their|a)\s+(?:\w+\s+)?flag)\b",
                     re.I)
CLAUSE_BREAK = re.compile(r",?\s+while\s+|;\s+|,\s+but\s+|,\s+whereas\s+|"
                          # ", and the passengers were ...", not a list of names ("X, Y, and Z")
                          r",\s+and\s+(?=(?-i:[a-z\d]))(?!(?:then\s+)?(?:on\s+)?(?:to|into|from|through|via)\b)|"
                          # "... had fled into X and about 4,000 refugees had gone home": a new counted subject
                          r"(?:,\s+|\s+and\s+)(?=(?:about|some|nearly|almost|around|roughly|over|more than|at least|"
                          r"another|a further)?\s*\d[\d,]*\s+(?:\w+\s+){0,3}?(?:were|was|had|have|has|are|came|went|"
                          r"crossed|arrived|fled|left|reached|flew|through)\b)|"
                          r",\s+with\s+(?=(?:more|others|many|some|another)\b)|"
                          # "to X, where evacuees are processed before flying on to Y" (not "X, where the buses
                          # are headed", which names X as the destination)
                          r",\s+where\s+(?=[^,.;]{0,60}\b(?:before|after|then)\b)", re.I)
#: "foreigners who had been driven from X to Y landed in Z": the sentence's own verb after a relative clause that
#: moved its subject is a later stage (split at the gap), which goes on from where the relative clause ended
_TAKEN_ON = (r"(?:were|was)\s+(?:then\s+|later\s+)?(?:taken|driven|flown|bused|bussed|moved|transferred|carried|"
             r"ferried|shipped|airlifted|evacuated)\b")
RELATIVE_STAGE = re.compile(r"\b(?:who|that|which)\s+(?:(?:had|have|has|were|was)\s+(?:already\s+)?(?:been\s+)?"
                            r"[a-z]+(?:ed|en|wn|ght)|(?:had\s+)?(?:reached|arrived\s+(?:in|at)|made\s+it\s+to|got\s+to|"
                            r"crossed\s+into))\b[^,;:()]{0,80}?(?P<gap>\s+)(?=" + _ARRIVAL + "|" + _TAKEN_ON + r")", re.I)
ARRIVED_NEXT = re.compile(r"^(?:" + _ARRIVAL + "|" + _TAKEN_ON + ")", re.I)
#: "driven to X and flown to Y": a second movement verb after "and" goes on from where the first ended
CHAIN_BREAK = re.compile(r"\s+(?=and\s+(?:then\s+)?(?:were\s+|was\s+|be\s+)?(?:flown|driven|bused|taken|ferried|"
                         r"sailed|flew|drove|brought|carried|shipped|moved|transferred|continued|went)\b)|"
                         # "by ferry to X and then by bus to Y", "to X and then on to Y": a later stage, no verb
                         r"\s+(?=and\s+then\s+(?:(?:by|on)\s+[\w-]+\s+)?(?:on\s+)?(?:to|into)\b)", re.I)

WHO: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("wounded", re.compile(r"\bwounded\b|\binjured\b|\bsick\b|\bpatients\b", re.I)),
    ("civilians", re.compile(r"\bcivilians?\b|\bfamilies\b|\bchildren\b|\bwomen\b|\bvulnerable\b", re.I)),
    ("residents", re.compile(r"\bresidents\b|\binhabitants\b", re.I)),
    ("fighters", re.compile(r"\bfighters\b|\brebels\b|\bgunmen\b|\bmilitants\b", re.I)),
    ("people", re.compile(r"\bpeople\b|\bpersons\b", re.I)),
    ("evacuees", re.compile(r"\bevacuees\b", re.I)),
)
VEHICLES = re.compile(r"\b(?:convoys?|buses|ambulances|vehicles|planes?|aircraft|airbus|flights?|ships?|boats?|"
                      r"ferr(?:y|ies)|trucks|cars|trains?|helicopters?|transports?|airlifts?)\b", re.I)
POSSESSIVE = re.compile(r"['’]s\s+")
TO_EXCLUDED = re.compile(r"\b(?:according|back|next|due|close|compared|opposed|allied|belonging|up|prior)\s*$", re.I)
#: who else moves in news of an evacuation: nationals named by a plural demonym ("Indians", "Sudanese",
#: "Britons"), groups of people, and a count as the subject ("640 had already reached X")
MOVERS = re.compile(r"\b(?:citizens|nationals|staff|passengers|travell?ers|refugees|foreigners|diplomats|tourists|"
                    r"students|pilgrims|crews|teams|workers|survivors|employees|troops|soldiers|they|we|"
                    r"(?:those|anyone|everyone)\s+who|"  # "those who escape are taken by bus to X"
                    r"(?-i:[A-Z][a-z]+(?:ians|ans|ese|is|ons)))\b|"
                    r"(?<![\d,.:/])(?:\d{1,3}(?:,\d{3})+|\d{2,3})(?![\d,.:/]|\s*(?:km|kilomet|mi\b|miles|%|per|a\.m|p\.m|"
                    r"years?|days?|hours?|minutes?|hectares|acres|ha\b|sq|square))", re.I)
PRONOUN = re.compile(r"\b(?:them|most|others|those|they)\b", re.I)

#: "323 flew home", "were flown back home": home is the movers' own country, when the sentence names them
HOME = re.compile(r"\b(?:fl[eo]wn?|flying|fly|went|gone|go|going|return(?:ed|ing)?|brought|sent|taken|driven|sailed|"
                  r"came)\s+(?:back\s+)?home\b(?!\s+(?:to|from)\b)", re.I)

PEOPLE_OF = re.compile(r"\b(?-i:[A-Z][a-z]+(?:ians|ans|ese|is|ons))\b|\b(?-i:[A-Z][a-z]+)\s+(?:citizens|nationals)\b")

#: "waiting to be transferred to X": people who wait where the sentence has put them ("In X, families ... waiting")
WAIT_TO_BE = re.compile(r"\bwaiting\b[^.;]{0,40}?\bto\s+be\s+(?:transferred|taken|moved|bus+ed|driven|flown|evacuated|"
                        r"relocated|ferried|carried|airlifted|brought)\s+(?:on\s+)?(?:to|into)\b", re.I)
#: someone quoted: "In Washington, officials said ..." is where they spoke, not where people left from
SAID = re.compile(r"\b(?:said|says|told|announced|reported|according to)\b", re.I)
#: the place a sentence opens with: "In X, ...", "On Friday, in the centre of X, ..."
FRONTED_AT = re.compile(r"\W*(?:on\s+[\w ]{1,25}?,\s*)?(?:in|at)\s+(?:the\s+(?:centre|center|heart|middle|outskirts|"
                        r"streets|main\s+square|town\s+of|city\s+of|village\s+of)\s+(?:of\s+)?)?", re.I)

#: "Kenya's population has left for X", "most residents of Kisumu fled to X": the people of a place, leaving it
POPULATION_AFTER = re.compile(r"['’]s?\s+(?:[\w-]+\s+)?(?:population|residents|people|inhabitants)\b", re.I)
#: the departure verb right after that subject ("has now left", "had already fled"): its predicate, no other clause
#: (the subject may name more places, "people in X, Y and Z", and a description of where they lie, "people in X,
#: in the hills north of W, were told to leave": the first place is the one left; W is not)
POPULATION_LEFT = re.compile(r"(?:(?:,\s*|,?\s+(?:and|or)\s+)(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,3}){0,6}"
                             # "residents of X, a frontline town, fled", "a resident of X, whose house stands ..., was"
                             r"(?:,\s+(?:a|an|the|in|near|on)\s+[^,;.]{1,60},|"
                             r",?\s+(?:whose|who|which)\s+(?:[^,;.]|(?<=\d)\.(?=\d)){1,60},)?"
                             r"(?:\s+(?:who|has|have|had|were|was|are|is|been|now|already|all|since|also|\w+ly)){0,4}\s+"
                             r"(?:fled|left|escaped|evacuated|got out|head(?:ed|ing)\s+(?:for|to|towards?)|"
                             # moved by others: "residents of X were taken by boat to Y"
                             r"(?:taken|moved|bused|bussed|flown|ferried|airlifted|relocated|transferred|shifted|"
                             r"driven|carried|brought)(?=\s+(?:by|to|on|in|aboard|out|away|from)\b)|"
                             r"(?:told|ordered|instructed|urged|advised|asked)\s+to\s+"
                             r"(?:leave|evacuate|flee|get\s+out))\b", re.I)
POPULATION_BEFORE = re.compile(r"\b(?:population|residents?|people|inhabitants?|citizens?)\s+(?:of|in)\s+(?:the\s+)?$",
                               re.I)

VEHICLES_RETURNING = re.compile(r"\b(?:buses|ambulances|vehicles|convoys?|trucks|boats|planes|aircraft)\s+"
                                r"(?:\w+\s+){0,2}?(?:returning|returned|going back|went back)\b", re.I)
#: "buses crossed into X and returned with 1,000 evacuees": the vehicles' trip in is not the evacuation
FETCHED = re.compile(r"\b(?:returned|came back|come back|returning) with\b", re.I)
#: "... to X and then on to Y", "and then by bus to Y": a later stage of the same movement
THEN_STAGE = re.compile(r"^and\s+then\s+(?:(?:by|on)\s+[\w-]+\s+)?(?:on\s+)?$", re.I)
#: the origin cues after which a bare "to" names where people went ("fled X by train to Y")
DEPARTURE_CUES = frozenset({"fled", "left", "leave", "leaving", "departed", "fleeing", "escaped"})

#: "from X and Y", "from X, Y and Z": the places coordinated with an origin are origins too
COORDINATED = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+or\s+)")

#: "<town> airport in <country>", "<town>, <country>": the second place only says where the first is
CONTAINER_GAP = re.compile(r"(?:\s+(?:air(?:port|field|\s+base)|port|base|harbou?r))?(?:\s+in\s+|,\s*)", re.I)


def moved_before(before: str) -> bool:
    """A movement word before the cue, in the same phrase (no punctuation between: see phrase_broken)."""
    moves = list(MOVE_WORD.finditer(before))
    return bool(moves) and not phrase_broken(before[moves[-1].end():])


def mover_before(before: str) -> bool:
    """Someone or something that evacuates is named before a weak cue: "the first convoy ... reached",
    not "aid must reach"."""
    return bool(WHO_FAMILY.matching(before)) or bool(VEHICLES.search(before)) or \
        bool(re.search(r"\bevacuat\w*", before, re.I)) or bool(MOVERS.search(before)) or bool(_WHO_CAME.search(before)) \
        or bool(_THOSE.search(before))


#: "those reaching X had left from Y", "others arriving at X": people, named by the pronoun right before the cue
_THOSE = re.compile(r"\b(?:those|others)\s+$", re.I)


#: "Robert Daudelin, who arrived at X with his family": "who" names a person, and a person arriving is a mover
_WHO_CAME = re.compile(r"\bwho\s+(?:had\s+|has\s+|have\s+)?(?:just\s+|finally\s+|only\s+|eventually\s+)?$", re.I)


def generic_to(clause: str, cue: re.Match) -> bool:
    """A bare "to" is a destination cue only right after a movement word in the same phrase
    ("the evacuation of fighters and civilians to ..."), never in "according to", "back to"."""
    before = clause[max(0, cue.start() - 50):cue.start()]
    return not TO_EXCLUDED.search(before) and moved_before(before)


__all__ = [
    "ADVANCE",
    "ARRIVED_NEXT",
    "BACKSTORY",
    "BETWEEN",
    "CHAIN_BREAK",
    "CLAUSE_BREAK",
    "CONTAINER_GAP",
    "CONTINUES",
    "COORDINATED",
    "CORRIDOR",
    "CROSSED_AT",
    "DEPARTED",
    "DEPARTURE_CUES",
    "DESCRIBED_DEST",
    "DEST_CUES",
    "DIRECTED",
    "DIRECTION",
    "DISPUTED",
    "DONE",
    "EMBARKING",
    "FETCHED",
    "FILLER",
    "FIRST_TO_BE",
    "FLOWN_OUT",
    "FOR_DEST",
    "FROM_CUE",
    "FRONTED_AT",
    "HAZARD_MOVES",
    "HOME",
    "LOCATED_RE",
    "MODES",
    "MODES_FAMILY",
    "MOVERS",
    "MOVE_WORD",
    "NOT_A_MOVE",
    "OFFSHORE",
    "ON_THE_WAY",
    "OPTIONAL",
    "ORDERED_OUT",
    "ORDERED_OUT_TAIL",
    "ORIGIN_CUES",
    "PEOPLE_AT",
    "PEOPLE_FROM",
    "PEOPLE_OF",
    "PEOPLE_OF_PLACE",
    "PLANNED",
    "POPULATION_AFTER",
    "POPULATION_BEFORE",
    "POPULATION_LEFT",
    "POSSESSIVE",
    "PRONOUN",
    "RELATIVE_STAGE",
    "REVERSE_DEST",
    "SAID",
    "THEN_STAGE",
    "THERE",
    "TO_EXCLUDED",
    "UNDER_WAY",
    "VEHICLES",
    "VEHICLES_RETURNING",
    "VIA_CUES",
    "WAITING",
    "WAIT_TO_BE",
    "WAIT_TO_GO",
    "WEAK_DEST",
    "WHO",
    "WHO_FAMILY",
    "generic_to",
    "moved_before",
    "mover_before",
    "phrase_broken",
    "status_window_end"
]


# Every cue above that folding allows is searched on folded text (corpus/folding.py): the same matches, faster.
globals().update({name: fast(rx) for name, rx in list(globals().items()) if isinstance(rx, re.Pattern)})
WHO = tuple((name, fast(rx)) for name, rx in WHO)
MODES = tuple((mode, fast(rx)) for mode, rx in MODES)
# each searched in turn on every clause: only those whose cue words it holds are (corpus/families.py)
WHO_FAMILY, MODES_FAMILY = Family(rx for _name, rx in WHO), Family(rx for _mode, rx in MODES)

