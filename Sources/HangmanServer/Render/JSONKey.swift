/// A key of a JSON object as `JSONWriter` takes it. The renderers' keys are literals (plain
/// identifiers that never need escaping): those are copied as they are, without the scan a value
/// gets (a `state` line has about 40 keys). A key made at run time (a setting's name, or an
/// interpolated literal) is escaped like any string.
struct JSONKey: ExpressibleByStringInterpolation {
    enum Text {
        case literal(StaticString)
        case dynamic(String)
    }

    let text: Text

    init(stringLiteral value: StaticString) { text = .literal(value) }

    init(stringInterpolation: Interpolation) { text = .dynamic(stringInterpolation.text) }

    /// A key made at run time.
    init(_ dynamic: String) { text = .dynamic(dynamic) }

    /// An interpolated key (`"n\(index)"`): put together as a `String`.
    struct Interpolation: StringInterpolationProtocol {
        var text = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            text += literal.description
        }

        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += value.description
        }
    }
}
