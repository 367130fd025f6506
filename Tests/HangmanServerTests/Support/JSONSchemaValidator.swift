import Foundation

/// A small JSON Schema checker for the subset docs/protocol.schema.json uses: `type` (one or a
/// list), `const`, `enum`, `properties`, `required`, `additionalProperties` (false or a schema),
/// `items`, `minimum`, `minLength`, `maxLength`, `oneOf`, `anyOf` and local `$ref`s
/// (`#/$defs/name`). Keywords it does not know make `init` fail, so the schema cannot silently use
/// something this checker would ignore.
struct JSONSchemaValidator: Sendable {
    private let root: [String: any Sendable]
    private static let known: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "$comment", "title", "description", "type", "const", "enum", "properties",
        "required", "additionalProperties", "items", "minimum", "maximum", "minLength", "maxLength", "oneOf", "anyOf",
        "examples",
    ]

    enum Failure: Error, CustomStringConvertible {
        case badSchema(String)
        var description: String {
            switch self {
            case .badSchema(let text): "bad schema: \(text)"
            }
        }
    }

    init(schemaData: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: schemaData) as? [String: Any] else {
            throw Failure.badSchema("the top level is not an object")
        }
        try Self.checkKeywords(object, at: "#")
        root = Self.sendable(object) as? [String: any Sendable] ?? [:]
    }

    /// The problems of `line` (one JSON text) against the schema; empty when it is valid.
    func problems(line: String) -> [String] {
        guard let data = line.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return ["not JSON: \(line)"] }
        return problems(Self.sendable(value), against: root, at: "$")
    }

    private func problems(_ value: any Sendable, against schema: [String: any Sendable], at path: String) -> [String] {
        if let ref = schema["$ref"] as? String {
            guard let target = resolve(ref) else { return ["\(path): unresolved \(ref)"] }
            return problems(value, against: target, at: path)
        }
        var found: [String] = []
        if let type = schema["type"] {
            let types = (type as? [any Sendable])?.compactMap { $0 as? String } ?? [(type as? String) ?? ""]
            if !types.contains(where: { Self.matches(value, type: $0) }) {
                return ["\(path): expected \(types.joined(separator: " or ")), got \(Self.describe(value))"]
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) {
            found.append("\(path): expected \(Self.describe(constant)), got \(Self.describe(value))")
        }
        if let options = schema["enum"] as? [any Sendable], !options.contains(where: { Self.equal(value, $0) }) {
            found.append("\(path): \(Self.describe(value)) is not one of \(options.map(Self.describe))")
        }
        if let number = value as? Double, let minimum = schema["minimum"] as? Double, number < minimum {
            found.append("\(path): \(number) < minimum \(minimum)")
        }
        if let number = value as? Double, let maximum = schema["maximum"] as? Double, number > maximum {
            found.append("\(path): \(number) > maximum \(maximum)")
        }
        if let text = value as? String {
            if let least = schema["minLength"] as? Double, Double(text.count) < least {
                found.append("\(path): shorter than \(Int(least))")
            }
            if let most = schema["maxLength"] as? Double, Double(text.count) > most {
                found.append("\(path): longer than \(Int(most))")
            }
        }
        if let object = value as? [String: any Sendable] {
            let properties = schema["properties"] as? [String: any Sendable] ?? [:]
            for key in (schema["required"] as? [any Sendable])?.compactMap({ $0 as? String }) ?? [] where object[key] == nil {
                found.append("\(path): missing \(key)")
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let sub = properties[key] as? [String: any Sendable] {
                    found += problems(member, against: sub, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] {
                    if let allowed = extra as? Bool, !allowed {
                        found.append("\(path): unexpected field \(key)")
                    } else if let sub = extra as? [String: any Sendable] {
                        found += problems(member, against: sub, at: "\(path).\(key)")
                    }
                }
            }
        }
        if let array = value as? [any Sendable], let items = schema["items"] as? [String: any Sendable] {
            for (index, element) in array.enumerated() {
                found += problems(element, against: items, at: "\(path)[\(index)]")
            }
        }
        if let branches = schema["oneOf"] as? [any Sendable] {
            found += choose(value, among: branches, exactlyOne: true, at: path)
        }
        if let branches = schema["anyOf"] as? [any Sendable] {
            found += choose(value, among: branches, exactlyOne: false, at: path)
        }
        return found
    }

    /// `oneOf`/`anyOf`. When no branch fits, the problems reported are those of the branch whose
    /// `type` constant names the value's `type` (the event it claims to be), so messages stay short.
    private func choose(_ value: any Sendable, among branches: [any Sendable], exactlyOne: Bool, at path: String) -> [String] {
        let schemas = branches.compactMap { $0 as? [String: any Sendable] }
        let results = schemas.map { problems(value, against: $0, at: path) }
        let fitting = results.filter(\.isEmpty).count
        if fitting == 1 || (!exactlyOne && fitting > 1) { return [] }
        if fitting > 1 { return ["\(path): matches \(fitting) branches of oneOf"] }
        let claimed = (value as? [String: any Sendable])?["type"] as? String
        for (schema, result) in zip(schemas, results) {
            let target = (schema["$ref"] as? String).flatMap(resolve) ?? schema
            let properties = target["properties"] as? [String: any Sendable]
            let typeSchema = properties?["type"] as? [String: any Sendable]
            if let claimed, let constant = typeSchema?["const"] as? String, constant == claimed { return result }
        }
        return ["\(path): matches none of \(schemas.count) branches (type \(claimed ?? "missing"))"]
    }

    private func resolve(_ ref: String) -> [String: any Sendable]? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: any Sendable = root
        for part in ref.dropFirst(2).split(separator: "/") {
            guard let object = node as? [String: any Sendable], let next = object[String(part)] else { return nil }
            node = next
        }
        return node as? [String: any Sendable]
    }

    private static func checkKeywords(_ schema: [String: Any], at path: String) throws {
        for (key, value) in schema {
            guard known.contains(key) else { throw Failure.badSchema("\(path): unsupported keyword \(key)") }
            switch key {
            case "properties", "$defs":
                for (name, sub) in value as? [String: Any] ?? [:] {
                    guard let sub = sub as? [String: Any] else { throw Failure.badSchema("\(path)/\(key)/\(name)") }
                    try checkKeywords(sub, at: "\(path)/\(key)/\(name)")
                }
            case "items", "additionalProperties":
                if let sub = value as? [String: Any] { try checkKeywords(sub, at: "\(path)/\(key)") }
            case "oneOf", "anyOf":
                for (index, sub) in (value as? [Any] ?? []).enumerated() {
                    guard let sub = sub as? [String: Any] else { throw Failure.badSchema("\(path)/\(key)/\(index)") }
                    try checkKeywords(sub, at: "\(path)/\(key)/\(index)")
                }
            default:
                break
            }
        }
    }

    /// JSONSerialization's output as Sendable values: numbers as Double (Bool kept apart), null as NSNull's stand-in.
    private static func sendable(_ value: Any) -> any Sendable {
        switch value {
        case let object as [String: Any]: return object.mapValues { sendable($0) }
        case let array as [Any]: return array.map { sendable($0) }
        case let text as String: return text
        case let number as NSNumber:
            // JSON true/false arrive as Foundation's boolean NSNumber, whose type is "c".
            if String(cString: number.objCType) == "c" { return number.boolValue }
            return number.doubleValue
        default: return Null()
        }
    }

    private struct Null: Sendable {}

    private static func matches(_ value: any Sendable, type: String) -> Bool {
        switch type {
        case "object": value is [String: any Sendable]
        case "array": value is [any Sendable]
        case "string": value is String
        case "boolean": value is Bool
        case "null": value is Null
        case "number": value is Double
        case "integer": (value as? Double).map { $0.rounded() == $0 } ?? false
        default: false
        }
    }

    private static func equal(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
        switch (lhs, rhs) {
        case (let a as String, let b as String): a == b
        case (let a as Double, let b as Double): a == b
        case (let a as Bool, let b as Bool): a == b
        case (is Null, is Null): true
        default: false
        }
    }

    private static func describe(_ value: any Sendable) -> String {
        switch value {
        case let text as String: "\"\(text)\""
        case let number as Double: number.rounded() == number ? String(Int(number)) : String(number)
        case let flag as Bool: String(flag)
        case is Null: "null"
        case is [any Sendable]: "an array"
        case is [String: any Sendable]: "an object"
        default: "?"
        }
    }
}
