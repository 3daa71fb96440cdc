#!/usr/bin/env python3
"""Dev check (not a test): cross-checks the embedded catalog against independent reference data and prints
match rates. Needs ../shared/data (MovieLens links, Wikipedia cast lists, TVmaze shows); nothing is copied.

  scripts/check-catalog.py            # summary
  scripts/check-catalog.py --verbose  # also every mismatch
"""
import csv
import glob
import json
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data")
VERBOSE = "--verbose" in sys.argv


def norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    text = text.replace("&", " and ")
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def title_variants(title: str) -> set:
    """MovieLens writes 'Matrix, The'; also try without a leading article and without a subtitle."""
    base = norm(title)
    variants = {base}
    for article in ("the ", "a ", "an "):
        if base.startswith(article):
            variants.add(base[len(article):])
    if ":" in title:
        variants.add(norm(title.split(":")[0]))
    return variants


def load_catalog():
    titles, people = [], {}
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources/MarqueeCatalog/Resources/catalog/*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            record = json.loads(line)
            if record["type"] == "person":
                people.setdefault(record["name"], record)
            else:
                titles.append(record)
    return titles, people


def movielens_index():
    movies = {}
    with open(os.path.join(DATA, "movielens", "movies.csv"), encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            match = re.match(r"^(.*) \((\d{4})\)\s*$", row["title"].strip())
            if match:
                movies[row["movieId"]] = (match.group(1), int(match.group(2)))
    index = {}
    with open(os.path.join(DATA, "movielens", "links.csv"), encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["movieId"] not in movies:
                continue
            title, year = movies[row["movieId"]]
            # "Matrix, The" -> "The Matrix"; alternative titles in parentheses are separate keys.
            names = [title] + re.findall(r"\(([^)]*)\)", title)
            for name in names:
                name = re.sub(r"\s*\([^)]*\)", "", name)
                match = re.match(r"^(.*), (The|A|An|Les|La|Le|Il|Das|Der|Die|El)$", name)
                if match:
                    name = f"{match.group(2)} {match.group(1)}"
                for variant in title_variants(name):
                    index.setdefault((variant, year), (row["imdbId"], row["tmdbId"]))
    return index


def check_movies(titles):
    index = movielens_index()
    found = tmdb_ok = tmdb_total = imdb_ok = imdb_total = 0
    movies = [t for t in titles if t["type"] == "movie"]
    for movie in movies:
        year = int(movie["release_date"][:4])
        hit = None
        for variant in title_variants(movie["title"]) | title_variants(movie.get("original_title", movie["title"])):
            for candidate_year in (year, year - 1, year + 1):
                hit = hit or index.get((variant, candidate_year))
        if not hit:
            continue
        found += 1
        imdb, tmdb = hit
        if movie.get("tmdb_id") and tmdb:
            tmdb_total += 1
            if int(tmdb) == movie["tmdb_id"]:
                tmdb_ok += 1
            elif VERBOSE:
                print(f"  tmdb mismatch: {movie['title']} ({year}): ours {movie['tmdb_id']}, MovieLens {tmdb}")
        if movie.get("imdb_id") and imdb:
            imdb_total += 1
            if int(imdb) == int(movie["imdb_id"][2:]):
                imdb_ok += 1
            elif VERBOSE:
                print(f"  imdb mismatch: {movie['title']} ({year}): ours {movie['imdb_id']}, MovieLens tt{int(imdb):07d}")
    print(f"MovieLens: {found}/{len(movies)} films found; TMDB ids agree {tmdb_ok}/{tmdb_total} "
          f"({100 * tmdb_ok / max(tmdb_total, 1):.1f}%), IMDb ids agree {imdb_ok}/{imdb_total} "
          f"({100 * imdb_ok / max(imdb_total, 1):.1f}%)")
    return tmdb_ok, tmdb_total, imdb_ok, imdb_total


def check_cast(titles):
    with open(os.path.join(DATA, "wikipedia-movies", "movies-facts.json"), encoding="utf-8") as handle:
        films = json.load(handle)
    index = {}
    for film in films:
        for variant in title_variants(film["title"]):
            index.setdefault((variant, film["year"]), set()).update(norm(name) for name in film.get("cast") or [])
    compared = names_ok = names_total = 0
    for movie in (t for t in titles if t["type"] == "movie"):
        year = int(movie["release_date"][:4])
        cast = None
        for variant in title_variants(movie["title"]):
            for candidate_year in (year, year - 1, year + 1):
                cast = cast or index.get((variant, candidate_year))
        if not cast or not movie.get("cast"):
            continue
        compared += 1
        for member in movie["cast"]:
            names_total += 1
            if norm(member["name"]) in cast:
                names_ok += 1
            elif VERBOSE:
                print(f"  cast not in Wikipedia's list: {movie['title']} ({year}): {member['name']}")
    print(f"Wikipedia cast lists: {compared} films compared; {names_ok}/{names_total} of our cast names listed "
          f"({100 * names_ok / max(names_total, 1):.1f}%)")
    return names_ok, names_total


def check_tv(titles):
    with open(os.path.join(DATA, "tvmaze", "shows-facts.json"), encoding="utf-8") as handle:
        shows = json.load(handle)
    index = {norm(show["name"]): show for show in shows}
    found = imdb_ok = imdb_total = premiere_ok = 0
    ours = [t for t in titles if t["type"] == "tv"]
    for show in ours:
        other = None
        for variant in title_variants(show["title"]) | title_variants(show.get("original_title", show["title"])):
            other = other or index.get(variant)
        if not other:
            continue
        found += 1
        if (other.get("premiered") or "")[:4] == show["first_air_date"][:4]:
            premiere_ok += 1
        theirs = (other.get("externals") or {}).get("imdb")
        if show.get("imdb_id") and theirs:
            imdb_total += 1
            if theirs == show["imdb_id"]:
                imdb_ok += 1
            elif VERBOSE:
                print(f"  tv imdb mismatch: {show['title']}: ours {show['imdb_id']}, TVmaze {theirs}")
    print(f"TVmaze: {found}/{len(ours)} shows found; premiere year agrees {premiere_ok}/{found}; "
          f"IMDb ids agree {imdb_ok}/{imdb_total} ({100 * imdb_ok / max(imdb_total, 1):.1f}%)")


def main():
    if not os.path.isdir(DATA):
        sys.exit("../shared/data is not here; this check needs the reference data sets.")
    titles, people = load_catalog()
    print(f"Embedded catalog: {sum(t['type'] == 'movie' for t in titles)} films, "
          f"{sum(t['type'] == 'tv' for t in titles)} shows, {len(people)} people")
    check_movies(titles)
    check_cast(titles)
    check_tv(titles)


if __name__ == "__main__":
    main()
