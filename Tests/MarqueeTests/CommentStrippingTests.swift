import Testing

@testable import MarqueeWeb

/// Scripts and the stylesheet are served without their whole-line comments, and without anything else lost.
@Suite("Comment stripping")
struct CommentStrippingTests {
    @Test("Whole-line comments go; code, comments after code, and comment-like text in code stay")
    func scripts() {
        let script = """
            // A line comment.
            /** A block
             * over lines. */
            const url = "https://example.com"; // after code
              /* indented one-liner */
            function f() { /* inside code */ return 1; }
            /* a block */ const g = 2;
            const ratio = 4
              * 2;
            """
        #expect(
            CommentStripping.stripped(script, lineComments: true) == """
                const url = "https://example.com"; // after code
                function f() { /* inside code */ return 1; }
                /* a block */ const g = 2;
                const ratio = 4
                  * 2;
                """)
    }

    @Test("In CSS only block comments are comments")
    func stylesheet() {
        let css = "/* Colours */\na { color: red; }\n// not a comment in CSS\n/* two\n   lines */\nb { }"
        #expect(
            CommentStripping.stripped(css, lineComments: false) == "a { color: red; }\n// not a comment in CSS\nb { }")
    }
}
