/// Finds the shipped files (`Config/server.json`, `Config/words.plist`) wherever the server is
/// started from. Their default paths are relative to the package; a binary started from another
/// folder looks for them, in order: as given (relative to the working directory), next to the
/// executable and in each folder above it (`.build/<config>/hangman-server` → the package root),
/// then under the package root the binary was compiled from. Pure: `exists` does the I/O.
public struct DefaultFiles: Sendable {
    /// The folder of the running executable, if known.
    public var executableDirectory: String?
    /// The package root the binary was built from (from `#filePath`).
    public var sourceRoot: String?

    public init(executableDirectory: String?, sourceRoot: String?) {
        self.executableDirectory = executableDirectory
        self.sourceRoot = sourceRoot
    }

    /// Where to look for `path`, best first. An absolute path is only itself.
    public func candidates(for path: String) -> [String] {
        guard !path.hasPrefix("/") else { return [path] }
        var result = [path]
        if var directory = executableDirectory.map(Self.normalized), directory.hasPrefix("/") {
            while true {
                result.append(Self.join(directory, path))
                guard directory != "/" else { break }
                directory = Self.parent(of: directory)
            }
        }
        if let root = sourceRoot.map(Self.normalized), root.hasPrefix("/") { result.append(Self.join(root, path)) }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// The first candidate that exists, else `path` unchanged (so an error names what was asked for).
    public func locate(_ path: String, exists: (String) -> Bool) -> String {
        candidates(for: path).first(where: exists) ?? path
    }

    private static func normalized(_ directory: String) -> String {
        var text = directory
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private static func parent(of directory: String) -> String {
        guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return "/" }
        return String(directory[..<slash])
    }

    private static func join(_ directory: String, _ path: String) -> String {
        directory == "/" ? "/" + path : directory + "/" + path
    }
}
