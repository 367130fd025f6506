import Testing

@testable import HangmanNet

/// The admission rules, without sockets: ids stand for connections, times are given.
@Suite(.ownThread) struct ConnectionLedgerTests {
    private func ledger(total: Int = 100, perGroup: Int = 100, waiting: Int = 4) -> LedgerBox {
        LedgerBox(ConnectionLedger(ConnectionLedger.Caps(maxConnections: total, maxPerGroup: perGroup, maxWaiting: waiting)))
    }

    @Test func perGroupCapAtItsEdge() {
        let ledger = ledger(perGroup: 2)
        #expect(ledger.admit(id: 1, group: "a", now: 0) == .admit)
        #expect(ledger.admit(id: 2, group: "a", now: 0) == .admit)
        #expect(ledger.admit(id: 3, group: "a", now: 0) == .groupFull)
        #expect(ledger.admit(id: 4, group: "b", now: 0) == .admit)
        // Logging in does not free a place in the group: the cap counts every connection.
        ledger.loggedIn(id: 1)
        #expect(ledger.admit(id: 5, group: "a", now: 0) == .groupFull)
        ledger.closed(id: 1, group: "a")
        #expect(ledger.admit(id: 6, group: "a", now: 0) == .admit)
    }

    @Test func fullPoolDisplacesTheOldestOfTheBiggestGroupForANewcomer() {
        let ledger = ledger(waiting: 4)
        for id in UInt64(1)...3 { #expect(ledger.admit(id: id, group: "flood", now: 0) == .admit) }
        #expect(ledger.admit(id: 4, group: "other", now: 0) == .admit)
        #expect(ledger.waitingCount == 4)
        // Full: a newcomer from a fresh address displaces the flood's oldest.
        #expect(ledger.admit(id: 5, group: "new", now: 0) == .admitDisplacing(1))
        #expect(ledger.waitingCount == 4)
        #expect(!ledger.isWaiting(1) && ledger.isWaiting(5))
        // The flood (2 waiting) cannot displace anyone: it is the biggest group.
        #expect(ledger.admit(id: 6, group: "flood", now: 0) == .loginPoolFull)
        // Groups of one each with the flood at 2: "other" would reach 2, not fewer than 2: refused.
        #expect(ledger.admit(id: 7, group: "other", now: 0) == .loginPoolFull)
        // A third fresh address: 1 < 2, the flood gives way again (its oldest left, id 2).
        #expect(ledger.admit(id: 8, group: "third", now: 0) == .admitDisplacing(2))
        // Now every group has one: nobody displaces anybody, newcomers wait for a place.
        #expect(ledger.admit(id: 9, group: "fourth", now: 0) == .loginPoolFull)
    }

    /// 250 /64s of one /48, one connection each, fill the pool: counted by /64 they would tie with
    /// every newcomer; the pool counts their /48 as one, so a newcomer from elsewhere gets in.
    @Test func poolGroupsAreWiderThanAddressGroups() {
        let ledger = ledger(total: 1000, perGroup: 16, waiting: 250)
        for id in UInt64(1)...250 {
            let address = "2001:db8:aa:\(String(id, radix: 16))::1"
            let group = AddressGroup.key(for: address)
            let pool = AddressGroup.key(for: address, ipv6PrefixBits: 48)
            #expect(ledger.admit(id: id, group: group, pool: pool, now: 0) == .admit)
        }
        #expect(ledger.admit(id: 251, group: "2001:db8:bb:1::/64", pool: "2001:db8:bb::/48", now: 0) == .admitDisplacing(1))
        // Another /64 of the flooding /48 is that network again: refused.
        #expect(ledger.admit(id: 252, group: "2001:db8:aa:ffff::/64", pool: "2001:db8:aa::/48", now: 0) == .loginPoolFull)
        // Counted per /64 in the pool as well, everyone ties and the newcomer waits.
        let exact = self.ledger(total: 1000, perGroup: 16, waiting: 2)
        #expect(exact.admit(id: 1, group: "a", now: 0) == .admit)
        #expect(exact.admit(id: 2, group: "b", now: 0) == .admit)
        #expect(exact.admit(id: 3, group: "c", now: 0) == .loginPoolFull)
    }

    @Test func playersAreNeverDisplaced() {
        let ledger = ledger(total: 4, waiting: 4)
        for id in UInt64(1)...4 {
            #expect(ledger.admit(id: id, group: "g\(id)", now: 0) == .admit)
            ledger.loggedIn(id: id)
        }
        #expect(ledger.waitingCount == 0)
        // Server full of players: refused, nobody displaced.
        #expect(ledger.admit(id: 5, group: "new", now: 0) == .full)
        #expect(ledger.admit(id: 6, group: "g1", now: 0) == .full)
    }

    @Test func serverFullWithSomeWaitingDisplacesOnlyWaitingOnes() {
        let ledger = ledger(total: 5, waiting: 10)
        #expect(ledger.admit(id: 1, group: "player", now: 0) == .admit)
        ledger.loggedIn(id: 1)
        for id in UInt64(2)...5 { #expect(ledger.admit(id: id, group: "flood", now: 0) == .admit) }
        #expect(ledger.liveCount == 5)
        #expect(ledger.admit(id: 6, group: "new", now: 0) == .admitDisplacing(2))
        #expect(ledger.admit(id: 7, group: "player", now: 0) == .admitDisplacing(3))  // player's group has 0 waiting
        #expect(ledger.liveCount == 5)
        #expect(ledger.count == 7)  // the displaced two until they close
        ledger.closed(id: 2, group: "flood")
        ledger.closed(id: 3, group: "flood")
        #expect(ledger.count == 5)
        #expect(ledger.connections(inGroup: "flood") == 2)
    }

    @Test func loginDeadlineCountsFromTheAcceptAndLoggingInStopsIt() {
        let ledger = ledger()
        let second: UInt64 = 1_000_000_000
        #expect(ledger.admit(id: 1, group: "a", now: 0) == .admit)
        #expect(ledger.admit(id: 2, group: "b", now: 10 * second) == .admit)
        #expect(ledger.admit(id: 3, group: "c", now: 0) == .admit)
        ledger.loggedIn(id: 3)
        #expect(ledger.takeOverdue(now: 60 * second - 1, deadline: 60 * second) == [])
        #expect(ledger.takeOverdue(now: 60 * second, deadline: 60 * second) == [1])
        #expect(ledger.takeOverdue(now: 60 * second, deadline: 60 * second) == [])  // taken once
        #expect(ledger.takeOverdue(now: 70 * second, deadline: 60 * second) == [2])
        #expect(ledger.takeOverdue(now: 1000 * second, deadline: 0) == [])  // 0: no deadline
        #expect(ledger.waitingCount == 0)
        #expect(!ledger.loggedIn(id: 1))  // too late: it is leaving
    }

    @Test func overdueConnectionsFreeThePoolAtOnce() {
        let ledger = ledger(waiting: 2)
        #expect(ledger.admit(id: 1, group: "a", now: 0) == .admit)
        #expect(ledger.admit(id: 2, group: "b", now: 0) == .admit)
        #expect(ledger.admit(id: 3, group: "c", now: 0) == .loginPoolFull)
        #expect(ledger.takeOverdue(now: 5, deadline: 5) == [1, 2])
        #expect(ledger.admit(id: 4, group: "c", now: 5) == .admit)
    }

    /// 300 connections from 60 addresses fill a pool of 250; each of 50 newcomers from fresh
    /// addresses gets in, every time displacing a flood connection, and the flood never gains.
    @Test func floodFromSixtyAddressesNeverStopsANewcomer() {
        let ledger = ledger(total: 1000, perGroup: 16, waiting: 250)
        var id: UInt64 = 0
        var refused = 0
        for round in 0..<5 {
            for address in 0..<60 {
                id += 1
                if ledger.admit(id: id, group: "flood\(address)", now: UInt64(round)) != .admit { refused += 1 }
            }
        }
        #expect(ledger.waitingCount == 250)
        #expect(refused == 50)
        for newcomer in 0..<50 {
            id += 1
            guard case .admitDisplacing = ledger.admit(id: id, group: "player\(newcomer)", now: 9) else {
                Issue.record("newcomer \(newcomer) refused")
                return
            }
        }
        #expect(ledger.waitingCount == 250)
        // The flood tries again while the newcomers are logging in: no group of it may displace.
        for address in 0..<60 {
            id += 1
            let verdict = ledger.admit(id: id, group: "flood\(address)", now: 10)
            #expect(verdict == .loginPoolFull || verdict == .groupFull, "\(verdict)")
        }
    }
}

/// The ledger behind a reference, so that `#expect` can call its mutating methods.
private final class LedgerBox {
    var ledger: ConnectionLedger
    init(_ ledger: ConnectionLedger) { self.ledger = ledger }
    func admit(id: UInt64, group: String, pool: String? = nil, now: UInt64) -> ConnectionLedger.Admission {
        ledger.admit(id: id, group: group, pool: pool, now: now)
    }
    @discardableResult func loggedIn(id: UInt64) -> Bool { ledger.loggedIn(id: id) }
    func takeOverdue(now: UInt64, deadline: UInt64) -> [UInt64] { ledger.takeOverdue(now: now, deadline: deadline) }
    func closed(id: UInt64, group: String) { ledger.closed(id: id, group: group) }
    func isWaiting(_ id: UInt64) -> Bool { ledger.isWaiting(id) }
    func connections(inGroup group: String) -> Int { ledger.connections(inGroup: group) }
    var waitingCount: Int { ledger.waitingCount }
    var liveCount: Int { ledger.liveCount }
    var count: Int { ledger.count }
}

@Suite(.ownThread) struct AddressGroupTests {
    @Test(arguments: [
        ("1.2.3.4", 64, 32, "1.2.3.4"),
        ("::ffff:1.2.3.4", 64, 32, "1.2.3.4"),
        ("1.2.3.4", 64, 24, "1.2.3.0/24"),
        ("1.2.3.200", 64, 25, "1.2.3.128/25"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, 32, "2001:db8:1:2::/64"),
        ("[2001:db8:1:2::1]", 64, 32, "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", 128, 32, "2001:db8:1:2::1"),
        ("2001:db8:1:2ff::1", 56, 32, "2001:db8:1:200::/56"),
        ("::1", 64, 32, "::/64"),
        ("not an address", 64, 32, "not an address"),
    ])
    func keys(address: String, v6: Int, v4: Int, expected: String) {
        #expect(AddressGroup.key(for: address, ipv6PrefixBits: v6, ipv4PrefixBits: v4) == expected)
    }

    @Test func severalAddressesOfOneSlash64AreOneGroup() {
        let addresses = (1...40).map { "2001:db8:aa:bb:\(String($0, radix: 16)):0:0:\($0)" }
        let keys = Set(addresses.map { AddressGroup.key(for: $0) })
        #expect(keys == ["2001:db8:aa:bb::/64"])
        #expect(AddressGroup.key(for: "2001:db8:aa:bc::1") != "2001:db8:aa:bb::/64")
        var limits = TransportLimits()
        limits.ipv6PrefixBits = 48
        #expect(AddressGroup.key(for: "2001:db8:aa:bc::1", limits: limits) == "2001:db8:aa::/48")
    }
}
