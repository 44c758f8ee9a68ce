import Foundation
import PagegenRuntime
import Testing

@Suite struct ISO8601Tests {
    @Test(arguments: [
        ("2024-08-14T15:14:26Z", 1_723_648_466.0),
        ("2024-08-14T15:14:26.250Z", 1_723_648_466.25),
        ("2024-08-14T17:14:26+02:00", 1_723_648_466.0),
        ("2024-08-14T17:14:26+0200", 1_723_648_466.0),
        ("2024-08-14T10:14:26-05:00", 1_723_648_466.0),
        ("2024-08-14T15:14:26", 1_723_648_466.0),
        ("2024-08-14 15:14:26", 1_723_648_466.0),
        ("2024-08-14T15:14Z", 1_723_648_440.0),
        ("2024-08-14", 1_723_593_600.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parsesTheFormsAPIsSend(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISO8601.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0001)
    }

    @Test(arguments: ["", "yesterday", "2024-13-01", "2024-08-14T15", "2024-08-14T15:14:26Zjunk", "2024-08-14T15:14:26+2"])
    func rejectsWhatIsNotADate(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func formatsInUTC() {
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_723_648_466)) == "2024-08-14T15:14:26Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test func dateFormatsDecodeNumbersAndText() throws {
        struct Box: Decodable { var date: Date }
        func decode(_ json: String, _ format: DateFormat) throws -> Date {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { try format.decode(from: $0) }
            return try decoder.decode(Box.self, from: Data(json.utf8)).date
        }
        #expect(try decode(#"{"date": 1723648466}"#, .unixSeconds).timeIntervalSince1970 == 1_723_648_466)
        #expect(try decode(#"{"date": 1723648466250}"#, .unixMilliseconds).timeIntervalSince1970 == 1_723_648_466.25)
        #expect(try decode(#"{"date": "2024-08-14T15:14:26Z"}"#, .iso8601).timeIntervalSince1970 == 1_723_648_466)
        #expect(throws: DecodingError.self) { try decode(#"{"date": "soon"}"#, .iso8601) }
    }
}
