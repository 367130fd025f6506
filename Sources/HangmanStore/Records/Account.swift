/// A name known to the store and whether it is protected by a password.
public struct Account: Sendable, Equatable {
    public var name: String
    public var registered: Bool

    public init(name: String, registered: Bool) {
        self.name = name
        self.registered = registered
    }
}
