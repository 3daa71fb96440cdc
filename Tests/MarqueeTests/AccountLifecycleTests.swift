import Foundation
import HTTPTypes
import MarqueeCore
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import SQLKit
import Testing

/// Guests, recovery, changes and deletion, end to end over HTTP with mail through a real SMTP server.
@Suite("Accounts: guests, reset, changes and deletion")
struct AccountLifecycleTests {

    func guest(_ h: H) async throws -> H.Session {
        let response = try await h.call("/api/v1/auth/guest")
        #expect(response.status == .created)
        return try H.Session(response)
    }

    @Test(
        "A guest sets preferences, upgrades with email + password (staying signed in until the link is followed), verifies, and signs in to the same id and data"
    )
    func guestUpgrade() async throws {
        try await H.run { h in
            let guest = try await guest(h)
            let me = try await h.me(guest)
            #expect(me.accountType == "guest" && me.signInMethod == "Guest")
            let patched = try await h.call(
                "/api/v1/me", ["display_name": " Sam ", "region": "gb", "temperature_unit": "celsius"], method: .patch,
                bearer: guest.accessToken)
            #expect(patched.status == .ok, "\(patched.text)")
            let profile = try patched.decode(Account.self).profile
            #expect(profile.displayName == "Sam" && profile.region == "GB")

            let email = H.address("sam")
            let upgrade = try await h.call(
                "/api/v1/auth/upgrade", ["email": email, "password": H.password], bearer: guest.accessToken)
            #expect(upgrade.status == .accepted, "\(upgrade.text)")
            // Nothing changes until the address is confirmed: a mistyped one loses nothing.
            #expect(try await h.me(guest).accountType == "guest")
            #expect(
                try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password]).errorCode()
                    == "auth.invalid_credentials")
            let token = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            #expect(try await h.call("/api/v1/auth/verify", ["token": token]).status == .ok)
            #expect(
                try await h.me(guest).signInMethod == "Email (\(email))", "the guest's session goes on")
            let again = try await h.call("/api/v1/auth/verify", ["token": token])
            #expect(try again.decode(StatusMessage.self).status == "already_verified")
            let session = try await h.signIn(email)
            #expect(session.userID == guest.userID)
            let after = try await h.me(session)
            #expect(after.profile.displayName == "Sam")
            #expect(after.signInMethod == "Email (\(email))")
        }
    }

    @Test("A guest upgrading to an address that has an account: same answer; the owner may merge the guest in")
    func guestMerge() async throws {
        try await H.run { h in
            let email = H.address("owner")
            let owner = try await h.signUpVerifyAndSignIn(email)
            let guest = try await guest(h)
            let upgrade = try await h.call(
                "/api/v1/auth/upgrade", ["email": email, "password": "Other-Pass-42"], bearer: guest.accessToken)
            #expect(upgrade.status == .accepted)
            let mail = try await h.mailbox.message(to: email, subject: "guest")
            let merged = try await h.call("/api/v1/auth/verify", ["token": try mail.token(path: "/verify")])
            #expect(try merged.decode(StatusMessage.self).status == "merged")
            #expect(try await h.me(try await h.signIn(email)).id == owner.userID)
            let again = try await h.call("/api/v1/auth/verify", ["token": try mail.token(path: "/verify")])
            #expect(try again.errorCode() == "auth.link_used")
        }
    }

    @Test("A guest signing in is refused, keeping everything, when its items and the account's would pass the limit")
    func mergeWithinLimit() async throws {
        try await H.run(["itemLimit": "3"]) { h in
            let email = H.address()
            let owner = try await h.signUpVerifyAndSignIn(email)
            for id in [1, 2] { try await h.save(owner, "favorites/movie/\(id)", title: "Film \(id)") }
            let guest = try await h.guest()
            for id in [2, 3, 4] { try await h.save(guest, "favorites/movie/\(id)", title: "Film \(id)") }
            let signIn = ["email": email, "password": H.password]
            let refused = try await h.call("/api/v1/auth/signin", signIn, bearer: guest.accessToken)
            let code = try refused.errorCode()
            #expect(refused.status == .conflict && code == "items.limit_reached")
            #expect(try await h.ids(guest, "") == ["4", "3", "2"], "the guest keeps its items and its sign-in")
            #expect(try await h.ids(owner, "") == ["2", "1"])

            // Room made (film 2 is in both, so only 3 arrives): the sign-in takes the guest along.
            #expect(
                try await h.call("/api/v1/me/items/favorites/movie/4", method: .delete, bearer: guest.accessToken)
                    .status == .ok)
            #expect(try await h.call("/api/v1/auth/signin", signIn, bearer: guest.accessToken).status == .ok)
            #expect(Set(try await h.ids(owner, "")) == ["1", "2", "3"])
        }
    }

    @Test("A merge link refused at the item limit moves nothing, keeps the guest, and works once room is made")
    func mergeLinkAtLimit() async throws {
        try await H.run(["itemLimit": "3"]) { h in
            let email = H.address()
            let owner = try await h.signUpVerifyAndSignIn(email)
            for id in [1, 2] { try await h.save(owner, "favorites/movie/\(id)", title: "Film \(id)") }
            let guest = try await guest(h)
            for id in [3, 4] { try await h.save(guest, "favorites/movie/\(id)", title: "Film \(id)") }
            let upgrade = try await h.call(
                "/api/v1/auth/upgrade", ["email": email, "password": "Other-Pass-42"], bearer: guest.accessToken)
            #expect(upgrade.status == .accepted)
            let token = try await h.mailbox.message(to: email, subject: "guest").token(path: "/verify")
            let refused = try await h.call("/api/v1/auth/verify", ["token": token])
            let code = try refused.errorCode()
            #expect(refused.status == .conflict && code == "items.limit_reached")
            #expect(try await h.ids(guest, "") == ["4", "3"], "the guest keeps its items and its sign-in")
            #expect(try await h.ids(owner, "") == ["2", "1"])

            #expect(
                try await h.call("/api/v1/me/items/favorites/movie/1", method: .delete, bearer: owner.accessToken)
                    .status == .ok)
            let merged = try await h.call("/api/v1/auth/verify", ["token": token])
            #expect(try merged.decode(StatusMessage.self).status == "merged", "\(merged.text)")
            #expect(Set(try await h.ids(owner, "")) == ["2", "3", "4"])
            #expect(try await h.call("/api/v1/auth/verify", ["token": token]).errorCode() == "auth.link_used")
        }
    }

    @Test("Two upgrades of one guest at once: the first link followed takes effect, the other is void")
    func upgradeRace() async throws {
        try await H.run { h in
            let guest = try await guest(h)
            let (first, second) = (H.address("first"), H.address("second"))
            async let a = h.call(
                "/api/v1/auth/upgrade", ["email": first, "password": H.password], bearer: guest.accessToken)
            async let b = h.call(
                "/api/v1/auth/upgrade", ["email": second, "password": H.password], bearer: guest.accessToken)
            let answers = try await [a, b]
            #expect(answers.allSatisfy { $0.status == .accepted || $0.status == .unauthorized })
            let accepted = answers.filter { $0.status == .accepted }.count
            #expect(try await h.mailbox.wait(for: accepted, to: [first, second]))
            var outcomes: [String: String] = [:]
            for email in [first, second] where h.mailbox.count(to: email) > 0 {
                let token = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
                let response = try await h.call("/api/v1/auth/verify", ["token": token])
                outcomes[email] = response.status == .ok ? "verified" : try response.errorCode()
            }
            // Whichever link is followed first gives the address; the other no longer finds a guest.
            #expect(outcomes.values.filter { $0 == "verified" }.count == 1, "\(outcomes)")
        }
    }

    @Test("An upgrade link followed after the address got an account of its own: 409, and the guest stays a guest")
    func upgradeAfterAddressTaken() async throws {
        try await H.run { h in
            let guest = try await guest(h)
            let email = H.address("taken")
            let upgrade = try await h.call(
                "/api/v1/auth/upgrade", ["email": email, "password": H.password], bearer: guest.accessToken)
            #expect(upgrade.status == .accepted)
            let token = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            // Someone else signs up with the address and confirms it (the second mail to it).
            #expect(
                try await h.call("/api/v1/auth/signup", ["email": email, "password": "Other-Pass-42"]).status
                    == .accepted)
            let theirs = try await h.mailbox.message(to: email, subject: "Confirm", index: 1).token(path: "/verify")
            #expect(try await h.call("/api/v1/auth/verify", ["token": theirs]).status == .ok)
            let owner = try await h.signIn(email, password: "Other-Pass-42")

            let late = try await h.call("/api/v1/auth/verify", ["token": token])
            #expect(late.status == .conflict, "\(late.text)")
            #expect(try late.errorCode() == "auth.account_exists")
            #expect(try await h.me(guest).accountType == "guest")
            #expect(try await h.me(owner).id == owner.userID)
        }
    }

    @Test("An upgrade link past its 24 hours: link_expired, and the guest stays a guest")
    func upgradeLinkExpires() async throws {
        let clock = TestClock()
        try await H.run(clock: clock) { h in
            let guest = try await guest(h)
            let email = H.address("late")
            #expect(
                try await h.call(
                    "/api/v1/auth/upgrade", ["email": email, "password": H.password], bearer: guest.accessToken
                ).status == .accepted)
            let token = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            clock.advance(by: 24 * 3600 + 1)
            let late = try await h.call("/api/v1/auth/verify", ["token": token])
            #expect(try late.errorCode() == "auth.link_expired")
            #expect(late.text.contains("Create the account again"))
            // A day on, the access token has expired; the refreshed one still belongs to a guest.
            let refreshed = try await h.call("/api/v1/auth/refresh", ["refresh_token": guest.refreshToken])
            let token2 = try #require(refreshed.decode(MarqueeWire.Session.self).accessToken)
            let me = try await h.call("/api/v1/me", method: .get, bearer: token2)
            #expect(try me.decode(Account.self).accountType == "guest")
        }
    }

    @Test("Only guests upgrade; preferences are validated field by field")
    func upgradeAndProfileRules() async throws {
        try await H.run { h in
            let member = try await h.signUpVerifyAndSignIn()
            let upgrade = try await h.call(
                "/api/v1/auth/upgrade", ["email": H.address(), "password": H.password], bearer: member.accessToken)
            #expect(try upgrade.errorCode() == "auth.wrong_account_type")
            let cases: [([String: any Sendable], String)] = [
                (["region": "USA"], "request.invalid_body"),
                (["language": "english"], "request.invalid_body"),
                (["temperature_unit": "kelvin"], "request.invalid_body"),
                (["display_name": 42], "request.invalid_body"),
                (["display_name": String(repeating: "x", count: 51)], "request.invalid_body"),
                (["display_name": "a" + String(repeating: "\u{301}", count: 50)], "request.invalid_body"),
                (["favourite_colour": "red"], "request.unknown_field"),
            ]
            for (body, code) in cases {
                let response = try await h.call("/api/v1/me", body, method: .patch, bearer: member.accessToken)
                #expect(try response.errorCode() == code, "\(body)")
            }
            let cleared = try await h.call(
                "/api/v1/me", ["region": NSNull()], method: .patch, bearer: member.accessToken)
            #expect(cleared.status == .ok)
        }
    }

    @Test("Password reset: same answer for unknown addresses, 1-hour single-use link, ends every session")
    func passwordReset() async throws {
        let clock = TestClock()
        try await H.run(clock: clock) { h in
            let email = H.address()
            let session = try await h.signUpVerifyAndSignIn(email)
            let unknownAddress = H.address("nobody")
            let unknown = try await h.call("/api/v1/auth/password/reset", ["email": unknownAddress])
            let known = try await h.call("/api/v1/auth/password/reset", ["email": email])
            #expect(unknown.status == .accepted && unknown.text == known.text)
            let token = try await h.mailbox.message(to: email, subject: "Reset").token(path: "/reset")

            let weak = try await h.call(
                "/api/v1/auth/password/reset/confirm", ["token": token, "password": "password"])
            #expect(try weak.errorCode() == "auth.weak_password")
            let done = try await h.call(
                "/api/v1/auth/password/reset/confirm", ["token": token, "password": "New-Secret-99"])
            #expect(done.status == .ok, "\(done.text)")
            #expect(
                try await h.call("/api/v1/me", method: .get, bearer: session.accessToken).errorCode()
                    == "auth.session_ended")
            #expect(
                try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password]).errorCode()
                    == "auth.invalid_credentials")
            _ = try await h.signIn(email, password: "New-Secret-99")
            let replay = try await h.call(
                "/api/v1/auth/password/reset/confirm", ["token": token, "password": "Third-Secret-77"])
            #expect(try replay.errorCode() == "auth.link_used")
            _ = try await h.mailbox.message(to: email, subject: "password was changed")

            _ = try await h.call("/api/v1/auth/password/reset", ["email": email])
            let late = try await h.mailbox.message(to: email, subject: "Reset", index: 1).token(path: "/reset")
            clock.advance(by: 3601)
            let expired = try await h.call(
                "/api/v1/auth/password/reset/confirm", ["token": late, "password": "Third-Secret-77"])
            #expect(try expired.errorCode() == "auth.link_expired")
            #expect(h.mailbox.count(to: unknownAddress) == 0)
        }
    }

    @Test(
        "Change password needs the current one and signs out other devices; change email confirms via the new address")
    func changes() async throws {
        try await H.run { h in
            let email = H.address("old")
            let phone = try await h.signUpVerifyAndSignIn(email)
            let laptop = try await h.signIn(email)
            let wrong = try await h.call(
                "/api/v1/auth/password/change", ["current_password": "Nope-Nope-1", "new_password": "Fresh-Pass-22"],
                bearer: phone.accessToken)
            #expect(try wrong.errorCode() == "auth.invalid_credentials")
            let changed = try await h.call(
                "/api/v1/auth/password/change", ["current_password": H.password, "new_password": "Fresh-Pass-22"],
                bearer: phone.accessToken)
            #expect(changed.status == .ok, "\(changed.text)")
            let renewed = try H.Session(changed)
            #expect(
                try await h.call("/api/v1/me", method: .get, bearer: laptop.accessToken).errorCode()
                    == "auth.session_ended")
            #expect(try await h.call("/api/v1/me", method: .get, bearer: renewed.accessToken).status == .ok)
            _ = try await h.mailbox.message(to: email, subject: "password was changed")

            let newEmail = H.address("new")
            let noPassword = try await h.call(
                "/api/v1/auth/email/change", ["email": newEmail], bearer: renewed.accessToken)
            #expect(try noPassword.errorCode() == "auth.invalid_credentials")
            let request = try await h.call(
                "/api/v1/auth/email/change", ["email": newEmail, "password": "Fresh-Pass-22"],
                bearer: renewed.accessToken)
            #expect(request.status == .accepted, "\(request.text)")
            let notice = try await h.mailbox.message(to: email, subject: "being changed")
            #expect(notice.body.contains(newEmail))
            let token = try await h.mailbox.message(to: newEmail, subject: "new email").token(path: "/email/confirm")
            let confirmed = try await h.call("/api/v1/auth/email/change/confirm", ["token": token])
            #expect(confirmed.status == .ok, "\(confirmed.text)")
            #expect(try await h.me(renewed).email == newEmail)
            _ = try await h.signIn(newEmail, password: "Fresh-Pass-22")
        }
    }

    @Test("Delete: a recent sign-in or the password is needed, then not one row naming the user is left in any table")
    func deleteAccount() async throws {
        let clock = TestClock()
        let dataDir = TestSettings.makeDataDirectory()
        let box = SessionBox()
        try await H.run(clock: clock, dataDir: dataDir) { h in
            let email = H.address()
            let session = try await h.signUpVerifyAndSignIn(email)
            box.session = session
            _ = try await h.call("/api/v1/auth/password/reset", ["email": email])
            _ = try await h.mailbox.message(to: email, subject: "Reset")
            clock.advance(by: 6 * 60)
            let refreshed = try H.Session(
                try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken]),
                userID: session.userID)
            let stale = try await h.call("/api/v1/me", method: .delete, bearer: refreshed.accessToken)
            #expect(stale.status == .forbidden)
            #expect(try stale.errorCode() == "auth.recent_login_required")
            let wrong = try await h.call(
                "/api/v1/me", ["password": "Wrong-Pass-1"], method: .delete, bearer: refreshed.accessToken)
            #expect(try wrong.errorCode() == "auth.invalid_credentials")
            let deleted = try await h.call(
                "/api/v1/me", ["password": H.password], method: .delete, bearer: refreshed.accessToken)
            #expect(deleted.status == .ok, "\(deleted.text)")
            #expect(
                try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password]).errorCode()
                    == "auth.invalid_credentials")

            let guest = try await guest(h)
            #expect(try await h.call("/api/v1/me", method: .delete, bearer: guest.accessToken).status == .ok)
        }
        let userID = try #require(box.session?.userID)
        try await withMigratedDatabase(dataDir: dataDir) { database in
            let leftovers = try await rowsMentioning(userID, in: database)
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
    }

    @Test("Guests idle for 30 days are removed with their data; active accounts stay")
    func purgeIdleGuests() async throws {
        let clock = TestClock()
        let logs = LogCapture()
        try await H.run(clock: clock, purgeInterval: .milliseconds(50), logs: logs) { h in
            let idle = try await guest(h)
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            clock.advance(by: 31 * 86_400)
            let active = try await guest(h)
            #expect(await logs.waitForLine(containing: "Removed idle guest accounts"))
            let refresh = try await h.call("/api/v1/auth/refresh", ["refresh_token": idle.refreshToken])
            #expect(refresh.status == .unauthorized)
            #expect(try refresh.errorCode() == "auth.invalid_token")
            #expect(try await h.call("/api/v1/auth/refresh", ["refresh_token": active.refreshToken]).status == .ok)
            _ = try await h.signIn(email)
        }
    }
}

/// Every (table, column) whose value equals `value`, found by reading the schema rather than a list of tables.
func rowsMentioning(_ value: String, in database: any Database) async throws -> [String] {
    let db = database.reader
    let postgres = db.dialect.name == "postgresql"
    let tables = try await db.raw(
        postgres
            ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'"
            : "SELECT name FROM sqlite_master WHERE type = 'table'"
    ).all()
        .map { try $0.decode(column: "name", as: String.self) }
    var found: [String] = []
    for table in tables {
        let columns = try await db.raw(
            postgres
                ? "SELECT column_name AS name FROM information_schema.columns WHERE table_name = \(bind: table)"
                : "SELECT name FROM pragma_table_info(\(bind: table))"
        ).all()
            .map { try $0.decode(column: "name", as: String.self) }
        for column in columns {
            let rows = try await db.raw(
                "SELECT COUNT(*) AS n FROM \(ident: table) WHERE CAST(\(ident: column) AS TEXT) = \(bind: value)"
            ).first()
            if let count = try rows?.decode(column: "n", as: Int.self), count > 0 { found.append("\(table).\(column)") }
        }
    }
    return found
}
