#!/usr/bin/env python3
"""Derives Marquee's embedded art sample from the Rijksmuseum's collection facts (../shared/data/rijksmuseum).

Writes Sources/MarqueeArt/Resources/art/sample.json: the museum's highlights that are paintings, in the museum's own
order (`highlight_rank`, each title and maker once), then a few dozen more paintings by the best-known painters of the
collection. Facts only (CC0): object number, title (English where the museum gave one, else one of our renderings
below, else Dutch), makers, dating as written (Dutch abbreviations put into English), first and last year, place,
object type, materials, dimensions. The descriptions of a dozen famous works are ours (see DESCRIPTIONS).

One work per line, so that a change reads well in a diff. Fails, naming them, on Dutch terms it cannot translate.

Usage: scripts/derive-art-sample.py [path/to/shared/data/rijksmuseum]
"""
import json
import os
import re
import sys

# Painters whose other paintings follow the highlights, at most PER_PAINTER each (all of Rembrandt's).
PAINTERS = [
    "Rembrandt van Rijn", "Johannes Vermeer", "Vincent van Gogh", "Frans Hals", "Jan Havicksz. Steen",
    "Pieter de Hooch", "Jacob Isaacksz van Ruisdael", "Hendrick Avercamp", "Gerard ter Borch (II)", "Aelbert Cuyp",
    "Pieter Jansz. Saenredam", "Paulus Potter", "Meindert Hobbema", "Rachel Ruysch", "Jan Davidsz. de Heem",
    "Jan van der Heyden", "Emanuel de Witte", "Jan van Goyen", "Nicolaes Maes", "Ferdinand Bol", "Govert Flinck",
]
PER_PAINTER = 3

# English renderings of the Dutch titles of well-known highlights the data gives no English title for.
TITLES = {
    "SK-C-216": "Isaac and Rebecca, Known as ‘The Jewish Bride’",
    "SK-C-251": "Woman Reading a Letter",
    "SK-A-4691": "Self-portrait",
    "SK-A-1115": "The Battle of Waterloo",
    "SK-A-404": "Gallant Conversation, Known as ‘The Paternal Admonition’",
    "SK-A-3841": "The Dance around the Golden Calf",
    "SK-A-2963": "Portrait of Don Ramón Satué",
    "SK-A-2382": "Children of the Sea",
    "SK-A-128": "The Massacre of the Innocents in Bethlehem",
    "SK-C-217": "Interior of the Church of Saint Odulphus in Assendelft",
    "SK-A-2815": "The Seven Works of Mercy",
    "SK-A-3148": "Portrait of William I, Prince of Orange",
    "SK-A-500": "The Holy Kinship",
    "SK-A-4821": "Still Life with Cheeses",
    "SK-A-3059": "The Sick Child",
    "SK-A-447": "Fishing for Souls",
    "SK-A-2005": "The First Day of School",
    "SK-A-1595": "The Love Letter",
    "SK-A-4057": "Young Woman in Fantasy Costume",
    "SK-A-3981": "Still Life with Peacocks",
    "SK-C-374": "Militia Company of District XI under the Command of Captain Reynier Reael, Known as ‘The Meagre Company’",
    "SK-A-718": "Children Teaching a Cat to Dance, Known as ‘The Dancing Lesson’",
    "SK-A-86": "Man Smoking a Pipe",
    "SK-C-144": "A Watermill",
    "SK-C-210": "Landscape with a Waterfall",
    "SK-A-302": "The Merry Peasant",
    "SK-A-2568": "The Dancing Couple",
    "SK-A-298": "The Painter's Studio",
}

# Ours: a sentence or two on the most famous works, in our own words.
DESCRIPTIONS = {
    "SK-C-5": "Painted for the hall of Amsterdam's civic guard of arquebusiers, it shows Captain Frans Banninck Cocq's "
              "militia company setting out, the men caught in movement rather than posed in rows. The name came "
              "later, when darkened varnish made the daylight scene look like night.",
    "SK-A-2344": "A kitchen maid pours milk into an earthenware bowl in a corner lit from the window at the left. "
                 "Small dots of light on the bread and the jug make the everyday moment feel still and concentrated.",
    "SK-C-216": "One of Rembrandt's last paintings: a couple, usually taken to be the biblical Isaac and Rebecca, in a "
                "tender embrace. The man's golden sleeve is built up from thick, almost sculpted paint.",
    "SK-A-3262": "Van Gogh painted himself often during his two years in Paris, where models cost more than he could "
                 "pay. The short, separate strokes of bright colour show what he took from the painters he met there.",
    "SK-A-2860": "One of only two street scenes by Vermeer: the brick front of a house in Delft, a woman sewing in the "
                 "doorway and another busy in the passage beside it.",
    "SK-C-251": "A young woman in a blue jacket stands absorbed in a letter by a window we cannot see; the map on the "
                "wall behind her hints at someone far away.",
    "SK-A-1718": "A frozen river full of skaters, sledges, kolf players and onlookers, seen from high up so that the eye "
                 "can wander from one small scene to the next.",
    "SK-A-4": "A swan spreads its wings to drive a dog away from its nest. Long after it was painted, words were added "
              "that made the bird stand for the statesman Johan de Witt defending his country.",
    "SK-A-135": "A militiaman raises his glass and turns towards us with a grin; quick, loose brushwork makes the "
                "moment look caught on the spot.",
    "SK-C-6": "The officials who checked the quality of the drapers' cloth look up from their table as if someone had "
              "just come into the room.",
    "SK-A-4050": "Rembrandt shows himself as the apostle Paul, known by the manuscript in his hands and the hilt of a "
                 "sword in his coat.",
    "SK-A-2099": "A small bundle of asparagus on the edge of a stone ledge, against a dark background: the kind of "
                 "modest, quiet still life Adriaen Coorte specialised in.",
    "SK-C-211": "A windmill rises against a cloudy sky above the river Lek; the low point of view lets it tower over "
                "the flat land around it.",
    "SK-A-3580": "Amsterdam street life as a passer-by might glimpse it: the woman in front is cut off by the edge of the "
                 "picture, as in a snapshot.",
}

TYPES = {
    "schilderij": "painting", "triptiek": "triptych", "tweeluik": "diptych", "penschildering": "pen painting",
    "grisaille": "grisaille", "replica": "replica", "fragment": "fragment", "interieuronderdeel": "interior element",
    "bouwfragment": "architectural fragment", "schoorsteen": "chimneypiece",
    "schoorsteenbetimmering": "chimney panelling", "voorstudie": "preliminary study", "schets": "sketch",
    "studie": "study", "kopie": "copy", "achterglasschildering": "reverse glass painting", "zijpaneel": "side panel", "middenstuk": "centre panel",
}

MATERIALS = {
    "olieverf": "oil paint", "doek": "canvas", "paneel": "panel", "linnen": "linen", "karton": "cardboard",
    "papier": "paper", "eikenhout": "oak", "hout": "wood", "koper": "copper", "tempera": "tempera", "inkt": "ink",
    "verguldsel": "gilding", "katoen": "cotton", "perkament": "parchment", "lindehout": "lime wood",
    "mahoniehout": "mahogany", "multiplex": "plywood", "blik": "tin plate", "glas": "glass", "messing": "brass",
    "populierenhout": "poplar", "perenhout": "pear wood", "canvas": "canvas", "metaal": "metal",
}

PLACES = {
    "Nederland": "Netherlands", "Noordelijke Nederlanden": "Northern Netherlands",
    "Zuidelijke Nederlanden": "Southern Netherlands", "Lage Landen": "Low Countries", "Holland": "Holland",
    "Antwerpen (stad)": "Antwerp", "Brussel (stad)": "Brussels", "Den Haag": "The Hague", "Istanboel": "Istanbul",
    "Venetië": "Venice", "Duitsland": "Germany", "Italië": "Italy", "Noord-Italië": "Northern Italy",
    "Frankrijk": "France", "Parijs": "Paris", "Keulen": "Cologne", "Engeland": "England", "Spanje": "Spain",
    "Brugge": "Bruges", "Milaan": "Milan", "Napels": "Naples", "Ferrara (stad)": "Ferrara",
    **{same: same for same in [
        "Amsterdam", "Haarlem", "Leiden", "Delft", "Utrecht", "Dordrecht", "Florence", "Rome", "Siena", "Batavia",
        "Java", "Alkmaar", "Middelburg", "Deventer",
    ]},
}

# Dutch words of the dating text, longest first: "ca. 1660" reads "c. 1660", "in of na 1677" "in or after 1677".
DATING = [("in of na", "in or after"), ("in of voor", "in or before"), ("ca.", "c."), ("na", "after"),
          ("voor", "before")]


def english_name(name):
    """'Rijn, Rembrandt van' → 'Rembrandt van Rijn'; 'Hondecoeter, Melchior d'' → 'Melchior d'Hondecoeter'."""
    if name == "anoniem":
        return "anonymous"
    if ", " not in name:
        return name
    last, first = name.split(", ", 1)
    suffix = ""
    match = re.match(r"^(.*?)\s*(\([IVX]+\))$", first)
    if match:
        first, suffix = match.group(1), " " + match.group(2)
    joiner = "" if first.endswith("'") else " "
    return f"{first}{joiner}{last}{suffix}"


def clean(text):
    return " ".join((text or "").split())


def dating(text):
    if not text:
        return None
    for dutch, english in DATING:
        text = re.sub(r"(?<![\w.])" + re.escape(dutch) + r"(?![\w])", english, text)
    return text


def years(text):
    found = [int(year) for year in re.findall(r"(?<!\d)(\d{3,4})(?![\d])", text or "")]
    return (found[0], found[-1]) if found else (None, None)


def translated(terms, table, unknown):
    out = []
    for term in terms:
        if term not in table:
            unknown.add(term)
        elif table[term] not in out:
            out.append(table[term])
    return out


def work(record, unknown):
    number = record["object_number"]
    makers = [english_name(name) for name in record["makers_nl"]]
    if record["maker_en"] and len(makers) == 1:
        makers = [record["maker_en"].strip()]
    title = clean(record["title_en"]) or TITLES.get(number) or clean(record["title_nl"])
    text = dating(record["dating_nl"])
    begin, end = years(record["dating_nl"])
    entry = {"id": number, "title": title}
    if clean(record["title_nl"]) and clean(record["title_nl"]) != title:
        entry["title_nl"] = clean(record["title_nl"])
    entry["makers"] = makers
    if text:
        entry["date"] = text
    if begin is not None:
        entry["begin_year"], entry["end_year"] = begin, end
    places = translated(record["places_nl"], PLACES, unknown)
    if places:
        entry["place"] = ", ".join(places)
    types = translated(record["object_types_nl"], TYPES, unknown)
    if types:
        entry["object_type"] = ", ".join(types)
    entry["materials"] = translated(record["materials_nl"], MATERIALS, unknown)
    if record["height_cm"] and record["width_cm"]:
        entry["dimensions"] = [f'h {record["height_cm"]}cm × w {record["width_cm"]}cm']
    if record["highlight_rank"] is not None:
        entry["highlight"] = record["highlight_rank"]
    if number in DESCRIPTIONS:
        entry["description"] = DESCRIPTIONS[number]
    return entry


def is_painting(record):
    return "schilderij" in record["object_types_nl"]


def select(records):
    """The highlights that are paintings in the museum's order, each title once; then the painters' others."""
    chosen, seen = [], set()
    for record in sorted((r for r in records if r["highlight_rank"] is not None and is_painting(r)),
                         key=lambda r: r["highlight_rank"]):
        key = (record["title_nl"], tuple(record["makers_nl"]))
        if key not in seen:
            seen.add(key)
            chosen.append(record)
    for painter in PAINTERS:
        others = [r for r in records
                  if r["highlight_rank"] is None and is_painting(r) and (r["maker_en"] or "").strip() == painter
                  and r["title_en"] and made_in_lifetime(r)]
        others.sort(key=lambda r: (r["year"] or 9999, r["object_number"]))
        chosen += others if painter == "Rembrandt van Rijn" else others[:PER_PAINTER]
    return chosen


def made_in_lifetime(record):
    """Leaves out later copies the data files under the master's name (a 'Rembrandt' of 1730–1774)."""
    begin, _ = years(record["dating_nl"])
    death = record["maker_death"]
    return begin is None or not death or begin <= int(str(death)[:4]) + 1


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../shared/data/rijksmuseum")
    target = os.path.join(here, "../Sources/MarqueeArt/Resources/art/sample.json")
    with open(os.path.join(source, "objects-facts.json"), encoding="utf-8") as handle:
        records = json.load(handle)
    unknown = set()
    works = [work(record, unknown) for record in select(records)]
    if unknown:
        sys.exit("No English for these Dutch terms; add them to the tables: " + ", ".join(sorted(unknown)))
    missing = [number for number in list(TITLES) + list(DESCRIPTIONS) if number not in {w["id"] for w in works}]
    if missing:
        sys.exit("Titles or descriptions for works not in the sample: " + ", ".join(missing))
    lines = [json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in works]
    with open(target, "w", encoding="utf-8") as out:
        out.write('{"works":[\n' + ",\n".join(lines) + "\n]}\n")
    print(f"{len(works)} works written to {os.path.normpath(target)}")


if __name__ == "__main__":
    main()
