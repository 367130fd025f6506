/// Which password a session logged in with, as the store held it then: two stamps are equal when the
/// account's password has not changed between them (a change always stores a freshly salted hash,
/// even of the same password). Opaque outside the store and never printed, though it is only a hash.
/// A store that cannot tell (a test double) hands out `unknown`, which nothing is compared against.
public struct PasswordStamp: Sendable, Hashable, CustomStringConvertible {
    /// The stored password hash; empty for `unknown`.
    let hash: String

    init(hash: String) { self.hash = hash }

    /// From a store that does not say which password it checked: never compared.
    public static let unknown = PasswordStamp(hash: "")

    public var isKnown: Bool { !hash.isEmpty }

    public var description: String { isKnown ? "PasswordStamp(…)" : "PasswordStamp(unknown)" }
}
