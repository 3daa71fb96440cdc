import MarqueeAccounts
import MarqueeCore
import MarqueeWire
import Testing

@Suite("Account rules: email addresses and passwords")
struct AccountRulesTests {
    @Test(
        "Addresses are trimmed and lower-cased",
        arguments: [
            ("  Ada@Example.COM ", "ada@example.com"),
            ("first.last+films@mail.example.org", "first.last+films@mail.example.org"),
            ("o'neil@example.ie", "o'neil@example.ie"),
        ])
    func normalised(input: String, expected: String) throws {
        #expect(try EmailAddress(input).value == expected)
    }

    @Test(
        "Invalid addresses are auth.invalid_email",
        arguments: [
            "", "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada example@example.com",
            ".ada@example.com", "ada.@example.com", "a..da@example.com", "ada@-example.com", "ada@example.c",
            "ada@exa_mple.com", "ada@example.123", "adä@example.com",
            String(repeating: "a", count: 65) + "@example.com",
            "a@" + String(repeating: "b", count: 250) + ".com",
        ])
    func invalid(input: String) {
        #expect {
            _ = try EmailAddress(input)
        } throws: { error in
            (error as? DomainError)?.code == .invalidEmail
        }
    }

    @Test(
        "The password policy names every problem",
        arguments: [
            ("Xyz1", [PasswordPolicy.Problem.rule(.tooShort)]),
            ("abcdefgh", [.rule(.noUppercase), .rule(.noDigit)]),
            ("ABCDEFGH1", [.rule(.noLowercase)]),
            ("Abcdefgh", [.rule(.noDigit)]),
            ("Password1", [.tooCommon]),
            ("QWERTY123", [.rule(.noLowercase), .tooCommon]),
            (String(repeating: "Ab1", count: 43), [.rule(.tooLong)]),
            ("Marquee-Night-42", []),
            ("Ünïcödé Pässwörd 7", []),
            // Lengths count code points: accents stacked on a letter count one by one.
            ("Aa1bcdef" + String(repeating: "\u{301}", count: 200), [.rule(.tooLong)]),
            ("Abc" + String(repeating: "\u{301}", count: 4) + "1", []),
        ])
    func policy(password: String, expected: [PasswordPolicy.Problem]) {
        #expect(PasswordPolicy().problems(with: password) == expected)
    }

    @Test("A weak password is auth.weak_password with a readable message")
    func weakPasswordMessage() {
        #expect {
            try PasswordPolicy().validate("abcdefgh")
        } throws: { error in
            let error = error as? DomainError
            return error?.code == .weakPassword
                && error?.message == "The password needs an upper-case letter and a digit."
        }
        #expect {
            try PasswordPolicy(commonPasswords: ["password1"]).validate("Password1")
        } throws: { error in
            (error as? DomainError)?.message
                == "It is one of the most common passwords, which attackers try first: choose another."
        }
        #expect {
            try PasswordPolicy(commonPasswords: ["qwerty123"]).validate("QWERTY123")
        } throws: { error in
            (error as? DomainError)?.message
                == "The password needs a lower-case letter. "
                + "It is one of the most common passwords, which attackers try first: choose another."
        }
    }

    @Test("bcrypt at the production cost hashes with a salt and verifies")
    func bcrypt() async throws {
        let hasher = BcryptPasswordHasher()
        let first = try await hasher.hash("Marquee-Night-42")
        let second = try await hasher.hash("Marquee-Night-42")
        #expect(first.hasPrefix("$2b$12$") || first.hasPrefix("$2a$12$") || first.hasPrefix("$2y$12$"))
        #expect(first != second)
        #expect(try await hasher.verify("Marquee-Night-42", against: first))
        #expect(try await !hasher.verify("marquee-night-42", against: first))
        #expect(try await !hasher.verify("Marquee-Night-42", against: "not a hash"))
    }
}
