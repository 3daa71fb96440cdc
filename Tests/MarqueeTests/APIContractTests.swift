import Testing

/// Every answer the tests get through `send`/`get` is checked against the OpenAPI document; these make sure that
/// check finds what it should, so a silent checker cannot pass for a conforming server.
@Suite("The OpenAPI contract check")
struct APIContractTests {
    let contract = APIContract.repository

    private func answer(
        _ method: String, _ uri: String, _ status: Int, _ body: String, contentType: String = "application/json",
        requestID: String? = "r1"
    ) -> APIContract.Answer {
        APIContract.Answer(
            method: method, uri: uri, status: status, contentType: contentType, requestID: requestID,
            body: Array(body.utf8))
    }

    @Test("A conforming page and error pass")
    func conforming() {
        let page = #"{"results":[],"next_cursor":null,"total_results":0}"#
        #expect(contract.problems(answer("GET", "/api/v1/me/items?list=favorites", 200, page)).isEmpty)
        let error = #"{"error":{"code":"items.not_found","message":"No such item.","requestId":"r1"}}"#
        #expect(contract.problems(answer("GET", "/api/v1/me/items/favorites/movie/5", 404, error)).isEmpty)
    }

    @Test("Wrong types, missing and extra fields are found, with where")
    func schemaProblems() {
        let page = #"{"results":"none","total_results":-1,"extra":true}"#
        let problems = contract.problems(answer("GET", "/api/v1/me/items", 200, page)).joined(separator: "\n")
        #expect(problems.contains("$.results"))
        #expect(problems.contains("required \"next_cursor\" is missing"))
        #expect(problems.contains("below the minimum"))
        let error = #"{"error":{"code":"items.not_found","message":"No such item."}}"#
        #expect(!contract.problems(answer("GET", "/api/v1/me/items/favorites/movie/5", 404, error)).isEmpty)
    }

    @Test("An unlisted status, an unnamed error code, a missing request id and a wrong media type are found")
    func answerProblems() {
        let error = #"{"error":{"code":"items.not_found","message":"No such item.","requestId":"r1"}}"#
        #expect(!contract.problems(answer("GET", "/api/v1/me/items", 418, error)).isEmpty)
        let unnamed = #"{"error":{"code":"auth.weak_password","message":"Weak.","requestId":"r1"}}"#
        #expect(!contract.problems(answer("GET", "/api/v1/me/items/favorites/movie/5", 404, unnamed)).isEmpty)
        #expect(
            !contract.problems(answer("GET", "/api/v1/me/items/favorites/movie/5", 404, error, requestID: nil)).isEmpty)
        #expect(
            !contract.problems(
                answer("GET", "/api/v1/me/items/favorites/movie/5", 404, error, contentType: "text/html")
            ).isEmpty)
    }

    @Test("Literal path segments win over parameters, and paths outside the API are not judged")
    func matching() {
        let states = #"{"results":[{"media_type":"movie","id":"603","favorites":true,"watchlist":false}]}"#
        #expect(contract.problems(answer("POST", "/api/v1/me/items/states", 200, states)).isEmpty)
        #expect(contract.problems(answer("DELETE", "/api/v1/me/items/states", 405, "")).isEmpty)
        #expect(contract.problems(answer("GET", "/signin", 200, "<html></html>", contentType: "text/html")).isEmpty)
    }

    @Test(
        "Stream events are checked: a change that is not an ItemChange, or whose id is not its seq and check, is found")
    func streamEvents() {
        let change = #"{"seq":43,"op":"clear","list":"watchlist","media_type":"tv","at":"2026-11-22T09:16:12.004Z"}"#
        #expect(contract.problems(ServerEvent(id: "43:0badc0de", event: "change", data: change)).isEmpty)
        #expect(!contract.problems(ServerEvent(id: "44:0badc0de", event: "change", data: change)).isEmpty)
        #expect(!contract.problems(ServerEvent(id: "43", event: "change", data: change)).isEmpty)
        #expect(!contract.problems(ServerEvent(id: "43", event: "change", data: #"{"seq":43,"op":"move"}"#)).isEmpty)
        #expect(!contract.problems(ServerEvent(id: nil, event: "message", data: "{}")).isEmpty)
    }

    @Test("Every example in the document fits the schema it illustrates")
    func examples() {
        var checked = 0
        for (name, schema) in contract.document["components"]?["schemas"]?.object ?? [:] {
            for example in schema["examples"]?.array ?? [] {
                var validator = SchemaValidator(document: contract.document)
                validator.check(example, against: schema, at: name)
                #expect(validator.problems.isEmpty, "\(validator.problems)")
                checked += 1
            }
        }
        #expect(checked > 5)
    }
}
