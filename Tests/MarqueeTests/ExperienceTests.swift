import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeWire
import Testing

/// What a person's app is about: chosen at sign-up or when a guest starts, read and changed through `/api/v1/me`.
@Suite("Experiences: the choice")
struct ExperienceTests {
    @Test("Chosen when a guest starts or at sign-up; movies when none is chosen; changed with PATCH /me")
    func choice() async throws {
        try await AccountHarness.run { h in
            let weather = try await h.call("/api/v1/auth/guest", ["experience": "weather"])
            #expect(weather.status == .created)
            let guest = try AccountHarness.Session(weather)
            #expect(try await h.me(guest).profile.experience == "weather")
            let plain = try AccountHarness.Session(try await h.call("/api/v1/auth/guest", [:]))
            #expect(try await h.me(plain).profile.experience == "movies")

            let address = AccountHarness.address()
            let signUp = try await h.call(
                "/api/v1/auth/signup",
                ["email": address, "password": AccountHarness.password, "experience": "events"])
            #expect(signUp.status == .accepted)
            let mail = try await h.mailbox.message(to: address, subject: "Confirm your email")
            _ = try await h.call("/api/v1/auth/verify", ["token": try mail.token(path: "/verify")])
            let member = try await h.signIn(address)
            #expect(try await h.me(member).profile.experience == "events")

            let changed = try await h.call(
                "/api/v1/me", ["experience": "art"], method: .patch, bearer: member.accessToken)
            #expect(try changed.decode(Account.self).profile.experience == "art")
            let cleared = try await h.call(
                "/api/v1/me", ["experience": NSNull()], method: .patch, bearer: member.accessToken)
            #expect(try cleared.decode(Account.self).profile.experience == "movies")
        }
    }

    @Test("An experience Marquee has not is refused, naming the ones it has")
    func refused() async throws {
        try await AccountHarness.run { h in
            for (path, body) in [
                ("/api/v1/auth/guest", ["experience": "sports"]),
                (
                    "/api/v1/auth/signup",
                    [
                        "email": AccountHarness.address(), "password": AccountHarness.password,
                        "experience": "Movies",
                    ]
                ),
            ] as [(String, [String: any Sendable])] {
                let answer = try await h.call(path, body)
                #expect(answer.status == .badRequest, "\(path)")
                #expect(try answer.decodeError().code == "request.invalid_body")
                #expect(try answer.decodeError().message.contains("movies, weather, events, art"))
            }
            let guest = try AccountHarness.Session(try await h.call("/api/v1/auth/guest", [:]))
            let patched = try await h.call("/api/v1/me", ["experience": 3], method: .patch, bearer: guest.accessToken)
            #expect(patched.status == .badRequest)
        }
    }

    @Test("A profile stored before the field was called experience still reads its choice")
    func storedBefore() throws {
        let stored = #"{"preferredExperience":"weather","temperatureUnit":"celsius"}"#
        let profile = try JSONDecoder().decode(Account.Profile.self, from: Data(stored.utf8))
        #expect(profile.experience == "weather" && profile.temperatureUnit == "celsius")
        let written = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        #expect(written.contains(#""experience":"weather""#) && !written.contains("preferred"))
    }

    @Test("The web app opens into the chosen experience: Weather's home at / for those who chose it")
    func home() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let guest = try await client.send(
                "/api/v1/auth/guest", method: .post, body: #"{"session":"cookie","experience":"weather"}"#,
                headers: [.contentType: "application/json"])
            let cookie = try #require(guest.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let home = try await client.send("/", method: .get, headers: [.accept: "text/html", .cookie: cookie])
            #expect(home.status == .ok && home.text.contains("<h1>Weather</h1>"))
            #expect(home.text.contains(#"<a href="/" aria-current="page">Weather</a>"#), "the navigation leads with it")
            let settings = try await client.send(
                "/settings", method: .get, headers: [.accept: "text/html", .cookie: cookie])
            #expect(settings.headers[.location] == "/account#prefs")
            let account = try await client.send(
                "/account", method: .get, headers: [.accept: "text/html", .cookie: cookie])
            #expect(account.text.contains(#"name="experience" value="weather" checked"#))
            let stranger = try await client.send("/settings", method: .get, headers: [.accept: "text/html"])
            #expect(stranger.headers[.location]?.hasPrefix("/signin?next=") == true)
            let visitor = try await client.send("/", method: .get, headers: [.accept: "text/html"])
            #expect(visitor.text.contains(#"class="hero""#))
            let signUp = try await client.send("/signup", method: .get, headers: [.accept: "text/html"])
            #expect(signUp.text.contains(#"name="experience" value="movies" checked"#))
            #expect(signUp.text.contains(#"value="art""#))
        }
    }
}
