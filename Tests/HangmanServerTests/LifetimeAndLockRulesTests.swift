import Foundation
import Testing

/// Two rules the CI runs taught, checked over every product source (comments aside):
/// - no `unowned`: a store reply, timer or queued block may run after its object is gone; session 14's
///   CI run crashed on an `unowned` lobby-to-server reference (`ServerLifetimeTests`);
/// - no `Synchronization.Mutex`: on Linux ThreadSanitizer cannot see its futex and reports every
///   guarded access as a race (session 15's sanitizer run); `HangmanSync.Locked` is the lock.
/// The load generator's `LoadLoop` is the one exception (a tool, not the product).
@Suite struct LifetimeAndLockRulesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let allowed = ["hangman-bench/Load/LoadLoop.swift"]

    @Test func noUnownedReferenceAndNoSynchronizationMutex() throws {
        var offenders: [String] = []
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        for case let path as String in files where path.hasSuffix(".swift") && !Self.allowed.contains(path) {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if code.contains("unowned") || code.contains("Mutex(") || code.contains("Mutex<") {
                    offenders.append("Sources/\(path):\(number + 1): \(code)")
                }
            }
        }
        #expect(offenders.isEmpty, "unowned or Synchronization.Mutex in:\n\(offenders.joined(separator: "\n"))")
    }
}
