#!/usr/bin/env python3
"""Converts the Wikipedia American-films facts (../shared/data/wikipedia-movies/movies-facts.json: title, year,
genres, cast) into Marquee's catalog format (docs/catalog-format.md), for `marquee catalog import` benchmarks.

Facts only (no prose, no images). Genres without a TMDB equivalent are dropped. Output goes to stdout.
"""
import json
import sys

GENRES = {
    "action": "Action", "adventure": "Adventure", "animated": "Animation", "animation": "Animation",
    "comedy": "Comedy", "crime": "Crime", "documentary": "Documentary", "drama": "Drama", "family": "Family",
    "fantasy": "Fantasy", "historical": "History", "history": "History", "horror": "Horror", "musical": "Music",
    "music": "Music", "mystery": "Mystery", "romance": "Romance", "science fiction": "Science Fiction",
    "thriller": "Thriller", "suspense": "Thriller", "war": "War", "western": "Western",
}


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/wikipedia-movies/movies-facts.json"
    with open(source, encoding="utf-8") as handle:
        films = json.load(handle)
    out = sys.stdout
    for film in films:
        title = (film.get("title") or "").strip()
        year = film.get("year")
        if not title or not isinstance(year, int) or not 1850 <= year <= 2100:
            continue
        genres = sorted({GENRES[g.lower()] for g in film.get("genres") or [] if g.lower() in GENRES})
        cast = [{"name": name.strip()} for name in (film.get("cast") or [])[:8] if name and name.strip()]
        line = {"type": "movie", "title": title[:500], "release_date": str(year)}
        if genres:
            line["genres"] = genres
        if cast:
            line["cast"] = cast
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
