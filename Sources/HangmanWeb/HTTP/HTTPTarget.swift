/// The request target (RFC 9112 section 3.2): origin-form `/path?query`, or absolute-form
/// `http://host/path?query` (its authority ignored). Percent-decoded into path segments that can
/// never climb out of where they point: `.` and `..` segments, an encoded `/`, NUL or any control
/// character, and bytes that are not UTF-8 once decoded are refused (400), so no path is ever
/// traversed whatever a later handler does with it.
enum HTTPTarget {
    static func parse(_ raw: ArraySlice<UInt8>) -> Result<([String], [String: String]), HTTPRequestError> {
        var target = raw
        for scheme in ["http://", "https://"] where target.starts(with: Array(scheme.utf8)) {
            target = target.dropFirst(scheme.utf8.count)
            guard let slash = target.firstIndex(of: UInt8(ascii: "/")) else { target = [UInt8(ascii: "/")][...]; break }
            target = target[slash...]
        }
        guard target.first == UInt8(ascii: "/") else { return .failure(.malformed("target is not a path")) }
        guard target.allSatisfy({ $0 > 32 && $0 < 127 }) else { return .failure(.malformed("bad byte in target")) }
        let pathPart: ArraySlice<UInt8>
        var queryPart: ArraySlice<UInt8> = []
        if let mark = target.firstIndex(of: UInt8(ascii: "?")) {
            pathPart = target[..<mark]
            queryPart = target[(mark + 1)...]
        } else {
            pathPart = target
        }
        if let hash = queryPart.firstIndex(of: UInt8(ascii: "#")) { queryPart = queryPart[..<hash] }
        var segments: [String] = []
        for piece in pathPart.split(separator: UInt8(ascii: "/")) {
            guard let segment = decode(piece, plusIsSpace: false) else { return .failure(.malformed("bad percent-encoding")) }
            guard segment != ".", segment != "..", !segment.contains("/"), !segment.contains("\\") else {
                return .failure(.malformed("path traversal"))
            }
            segments.append(segment)
        }
        var query: [String: String] = [:]
        for pair in queryPart.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusIsSpace: true),
                let value = parts.count > 1 ? decode(parts[1], plusIsSpace: true) : ""
            else { return .failure(.malformed("bad percent-encoding")) }
            query[name] = value
        }
        return .success((segments, query))
    }

    /// Percent-decodes; nil for a bad escape, bytes that are not UTF-8, or a control character.
    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusIsSpace && byte == UInt8(ascii: "+") ? 32 : byte)
                index += 1
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.value < 32 || $0.value == 127 || (0x80...0x9F).contains($0.value) })
        else { return nil }
        return text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
