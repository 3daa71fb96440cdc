import MarqueeWire
import Testing

/// The password rules as the server has them.
@Suite struct PasswordRulesTests {
    @Test func aGoodPasswordHasNoProblems() {
        #expect(PasswordRules.problems(for: "Correct1horse").isEmpty)
    }

    @Test func everyBrokenRuleIsListedInOrder() {
        #expect(PasswordRules.problems(for: "abc") == [.tooShort, .noUppercase, .noDigit])
        #expect(PasswordRules.problems(for: "") == [.tooShort, .noLowercase, .noUppercase, .noDigit])
        #expect(PasswordRules.problems(for: "ABCDEFGH1") == [.noLowercase])
    }

    @Test func lengthIsCountedInCodePoints() {
        // "e" and a combining acute accent: one character, two code points; eight in all.
        #expect(PasswordRules.problems(for: "Ab1cde\u{301}f") == [])
        #expect(PasswordRules.problems(for: "Ab1" + String(repeating: "x", count: 126)) == [.tooLong])
        #expect(PasswordRules.problems(for: "Ab1" + String(repeating: "x", count: 125)) == [])
    }

    @Test func onlyAsciiDigitsCount() {
        #expect(PasswordRules.problems(for: "Abcdefgh\u{0663}") == [.noDigit])
    }

    @Test func theSentenceReadsAsTheServersDoes() {
        #expect(
            PasswordRules.sentence(for: [.noUppercase, .noDigit])
                == "The password needs an upper-case letter and a digit.")
        #expect(
            PasswordRules.sentence(for: [.tooShort, .noUppercase, .noDigit])
                == "The password needs at least 8 characters, an upper-case letter and a digit.")
        #expect(PasswordRules.sentence(for: []) == nil)
    }
}
