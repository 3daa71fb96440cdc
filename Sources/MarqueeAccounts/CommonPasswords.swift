/// Passwords people pick most often that would otherwise satisfy the character rules: capitalised words and
/// keyboard runs followed by digits. Written for Marquee from well-known patterns; the other rules already reject
/// the all-lower-case and all-digit classics.
package enum CommonPasswords {
    /// The list, in lower case.
    package static let all: Set<String> = {
        let stems = [
            "password", "passw0rd", "welcome", "qwerty", "qwertyuiop", "letmein", "iloveyou", "admin", "dragon",
            "monkey", "football", "baseball", "sunshine", "princess", "master", "shadow", "superman", "michael",
            "jennifer", "charlie", "summer", "winter", "spring", "autumn", "freedom", "trustno", "starwars",
            "whatever", "hello", "login", "abc", "abcd", "abcdef", "asdfgh", "zxcvbn", "changeme", "secret",
            "marquee", "movies", "netflix", "batman", "pokemon", "liverpool", "chelsea", "arsenal", "soccer",
        ]
        let suffixes = [
            "1", "12", "123", "1234", "12345", "123456", "2020", "2021", "2022", "2023", "2024", "2025",
            "2026", "1!", "123!", "01", "69", "7", "99", "00",
        ]
        var all = Set<String>()
        for stem in stems {
            for suffix in suffixes { all.insert(stem + suffix) }
        }
        for run in [
            "1q2w3e4r", "1q2w3e4r5t", "q1w2e3r4", "1qaz2wsx", "zaq12wsx", "a1b2c3d4", "abc123456",
            "aa123456", "qwe123", "qwe12345", "qwerty123", "p@ssw0rd", "p@ssword1", "passw0rd1",
        ] {
            all.insert(run)
        }
        return all
    }()
}
