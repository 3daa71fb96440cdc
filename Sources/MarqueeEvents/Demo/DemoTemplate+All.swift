extension DemoTemplate {
    // Never reorder or remove entries: a demo event's id holds its template's position, and a saved favourite must
    // still find it. New ones go at the end.
    /// The templates, varied across music, theatre, comedy, family, sport, film and art.
    static let all: [DemoTemplate] = [
        DemoTemplate(
            "Lantern Quartet plays Debussy", .music, "Classical", at: "Harbour Hall", "1 Quayside Walk",
            time: "19:30", price: (18, 45),
            "Four strings and one evening of Debussy, with a new piece written for the quartet."),
        DemoTemplate(
            "Copper Foxes: Live and Loud", .music, "Rock", at: "The Old Tram Depot", "22 Depot Yard", time: "20:00",
            price: (25, 40), "A five-piece guitar band on the first night of a tour that exists only in this demo."),
        DemoTemplate(
            "Night Tram Jazz Trio", .music, "Jazz", at: "Blue Lamp Cellar", "7 Cellar Steps", time: "21:00",
            price: (15, 22), "Piano, double bass and brushes on the snare, in a cellar lit by blue lamps."),
        DemoTemplate(
            "Paper Moon Choir: Songs of the Sea", .music, "Choral", at: "Chapel of the Seven Windows",
            "3 Window Lane", time: "18:00", price: (10, 20),
            "Forty voices sing shanties, hymns and lullabies about the sea."),
        DemoTemplate(
            "Marigold & the Meridians", .music, "Soul", at: "Sunset Ballroom", "90 Promenade Row", time: "20:30",
            price: (28, 55), "A soul revue with a horn section and a dance floor that fills by the second song."),
        DemoTemplate(
            "The Imaginary Philharmonic: Brahms by Candlelight", .music, "Classical", at: "Glasshouse Concert Hall",
            "5 Conservatory Gardens", time: "19:00", price: (30, 90),
            "A symphony orchestra plays Brahms among a thousand candles."),
        DemoTemplate(
            "DJ Quiet Storm: Rooftop Session", .music, "Electronic", at: "Skyline Terrace", "48 Tower Street",
            time: "22:00", price: (20, 35), "Slow-building electronic sets from sunset until the last tram."),
        DemoTemplate(
            "Folk Night with the Hollow Pines", .music, "Folk", at: "The Lamplighter's Tavern", "11 Wick Street",
            time: "20:00", price: (12, 18), "Fiddle, banjo and four-part harmonies; bring your own chorus."),
        DemoTemplate(
            "Brass on the Bandstand", .music, "Brass band", at: "Willow Park Bandstand", "Willow Park",
            time: "16:00", price: nil,
            "An afternoon of marches and film themes from a town brass band, in the open air."),
        DemoTemplate(
            "Opera in Miniature: The Clockmaker's Daughter", .music, "Opera", at: "Little Gilt Theatre",
            "2 Gilt Court", time: "19:00", price: (35, 80),
            "A chamber opera in one act about a clock that runs backwards."),
        DemoTemplate(
            "The Lighthouse Keeper's Last Letter", .artsAndTheatre, "Drama", at: "Tidewater Playhouse",
            "16 Breakwater Road", time: "19:30", price: (20, 48),
            "A keeper writes to the son he has not seen in twenty years."),
        DemoTemplate(
            "A Midsummer Night's Muddle", .artsAndTheatre, "Theatre", at: "Courtyard Players' Theatre",
            "9 Inn Yard", time: "19:30", price: (16, 32), "Six actors, forty parts and one very confused donkey."),
        DemoTemplate(
            "Clockwork Cabaret", .artsAndTheatre, "Cabaret", at: "The Velvet Curtain", "31 Arcade Passage",
            time: "21:00", price: (25, 40), "Song, sleight of hand and a singing automaton, in a mirrored tent."),
        DemoTemplate(
            "Paper Boats: A Play for Two Voices", .artsAndTheatre, "Drama", at: "Studio Seven", "7 Foundry Lane",
            time: "20:00", price: (15, 25),
            "Two sisters, one summer, and the boats they folded from their mother's letters."),
        DemoTemplate(
            "The Glass Orchard: A New Musical", .artsAndTheatre, "Musical", at: "Grand Arcade Theatre",
            "1 Arcade Square", time: "19:30", price: (35, 110),
            "A musical about a glassblower who grows an orchard of glass."),
        DemoTemplate(
            "Swan Street Ballet: The Snow Garden", .artsAndTheatre, "Dance", at: "Opal Dance House",
            "14 Swan Street", time: "19:00", price: (30, 75),
            "A winter ballet in three scenes, with a live string ensemble."),
        DemoTemplate(
            "Stand-up at the Salt Cellar", .artsAndTheatre, "Comedy", at: "The Salt Cellar", "4 Brine Steps",
            time: "20:30", price: (12, 20),
            "Five comedians, ten minutes each, and a host who keeps time with a kazoo."),
        DemoTemplate(
            "Improv Emergency!", .artsAndTheatre, "Comedy", at: "The Rubber Duck Club", "27 Dockside Lane",
            time: "21:00", price: (10, 16),
            "An improvised show built from the audience's suggestions; no two nights alike."),
        DemoTemplate(
            "Nora Pell: Mostly Harmless Opinions", .artsAndTheatre, "Comedy", at: "Corn Exchange Rooms",
            "12 Exchange Street", time: "20:00", price: (18, 30),
            "A stand-up hour on neighbours, pigeons and the price of bread."),
        DemoTemplate(
            "The Late Late Panel Game (Live Recording)", .artsAndTheatre, "Comedy", at: "Studio Lantern",
            "60 Broadcast Row", time: "19:00", price: (8, 12),
            "Watch four panellists lose a quiz show that is never aired."),
        DemoTemplate(
            "Puppets of the Paper Forest", .family, "Puppetry", at: "Acorn Children's Theatre", "8 Oak Walk",
            time: "11:00", price: (8, 14),
            "Paper puppets tell the story of a fox who lost his shadow; for ages 3 and up."),
        DemoTemplate(
            "The Great Balloon Circus", .family, "Circus", at: "Big Top on the Green", "Mill Green",
            time: "15:00", price: (12, 30),
            "Acrobats, jugglers and a tightrope walker who carries a hundred balloons."),
        DemoTemplate(
            "Dinosaur Disco (Ages 3 to 8)", .family, "Family", at: "Fernhill Community Hall", "19 Fern Hill",
            time: "10:30", price: (6, 10), "A morning of dancing in dinosaur costumes; grown-ups may roar too."),
        DemoTemplate(
            "Storytelling Under the Stars", .family, "Family", at: "Larkhill Observatory Dome", "Observatory Road",
            time: "18:00", price: (9, 15), "Myths about the constellations, told under a projected night sky."),
        DemoTemplate(
            "Science Show: Fizz, Bang, Whoosh", .family, "Family", at: "Museum of Curious Things",
            "33 Curiosity Street", time: "14:00", price: (7, 12),
            "Safe explosions, rising foam and a rocket made of tea bags."),
        DemoTemplate(
            "River Rowing Regatta: Finals Day", .sports, "Rowing", at: "Old Mill Reach", "Towpath Landing",
            time: "10:00", price: (5, 15),
            "Eight-oared crews race for the invented Silver Oar on the last day of the regatta."),
        DemoTemplate(
            "City Harriers Night 10K", .sports, "Running", at: "Esplanade Start Line", "The Esplanade",
            time: "19:00", price: (20, 25), "A ten-kilometre run through the lit streets; the price is the entry fee."),
        DemoTemplate(
            "Table Tennis Open: Quarter-finals", .sports, "Table tennis", at: "Ironworks Sports Hall",
            "5 Forge Road", time: "13:00", price: (10, 25), "Eight invented players, four tables, one very fast ball."),
        DemoTemplate(
            "Harbour Lions v Valley Comets", .sports, "Basketball", at: "Lighthouse Arena", "200 Beacon Way",
            time: "19:45", price: (15, 60), "A league game between two teams that exist only in Marquee's demo."),
        DemoTemplate(
            "Chess in the Square: Blitz Championship", .sports, "Chess", at: "Market Square Pavilion",
            "Market Square", time: "12:00", price: nil,
            "Five-minute games on giant boards; watch for free, or challenge the winner."),
        DemoTemplate(
            "Roller Derby Double-Header", .sports, "Roller derby", at: "Skatehaven Arena", "70 Wheel Street",
            time: "18:00", price: (10, 18), "Two bouts back to back between the Thunder Gulls and the Mighty Moths."),
        DemoTemplate(
            "Silent Film Night with Live Piano", .film, "Silent film", at: "The Bijou Picture House",
            "15 Reel Street", time: "20:00", price: (10, 15),
            "A comedy of the silent era, with a pianist playing along by ear."),
        DemoTemplate(
            "Midnight Movie Marathon", .film, "Film", at: "Starlight Drive-in", "Airfield Road", time: "23:00",
            price: (15, 25), "Three invented monster films in a row; blankets and popcorn included."),
        DemoTemplate(
            "Short Film Festival: Opening Night", .film, "Film festival", at: "Reel Street Cinema",
            "40 Reel Street", time: "19:00", price: (12, 20),
            "Ten short films by new directors, and a vote for the audience prize."),
        DemoTemplate(
            "Documentary Premiere: The Last Lamplighters", .film, "Documentary", at: "Elm Row Cinema", "6 Elm Row",
            time: "18:30", price: (10, 14),
            "An invented documentary about the people who once lit the city's gas lamps."),
        DemoTemplate(
            "Lines & Light: Drawings from an Invented Coast", .artsAndTheatre, "Exhibition", at: "Gallery Nine",
            "9 Gallery Walk", time: "10:00", price: (6, 12), "Ink drawings of a coastline that appears on no map."),
        DemoTemplate(
            "Open Studios Weekend", .artsAndTheatre, "Fine art", at: "Tannery Artists' Studios", "1 Tannery Lane",
            time: "11:00", price: nil, "Thirty studios open their doors: painters, printers and a blacksmith."),
        DemoTemplate(
            "Night at the Sculpture Garden", .artsAndTheatre, "Exhibition", at: "Moonrise Sculpture Garden",
            "Moonrise Hill", time: "19:00", price: (14, 22),
            "Sculptures lit after dark, with a guided walk every half hour."),
        DemoTemplate(
            "Ceramics Fair: Made by Hand", .artsAndTheatre, "Craft", at: "Old Corn Market", "2 Granary Street",
            time: "10:00", price: (4, 8), "Potters from across the region, and a wheel where visitors can try."),
        DemoTemplate(
            "Photography Prize Exhibition", .artsAndTheatre, "Photography", at: "Silver Print Gallery",
            "18 Shutter Lane", time: "10:00", price: (8, 12),
            "The shortlist of an invented photography prize, and its winner."),
    ]
}
