import Testing

@testable import HangmanNet

/// The start-up hint advertises only addresses the server listens on (issue 11, defect 3).
@Suite(.ownThread) struct InterfacesTests {
    static let lan = ["192.168.1.20", "10.0.0.5", "fd00::20"]

    @Test func everyAddressOnlyForTheWildcards() {
        #expect(Interfaces.advertised(boundHost: "::", lanAddresses: Self.lan) == Self.lan)
        #expect(Interfaces.advertised(boundHost: "0.0.0.0", lanAddresses: Self.lan) == ["192.168.1.20", "10.0.0.5"])
    }

    @Test(arguments: ["127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1"])
    func loopbackAdvertisesNothing(host: String) {
        #expect(Interfaces.advertised(boundHost: host, lanAddresses: Self.lan) == [])
    }

    @Test(arguments: ["192.168.1.20", "10.0.0.5", "fd00::20", "172.16.0.9"])
    func aSpecificAddressAdvertisesOnlyItself(host: String) {
        #expect(Interfaces.advertised(boundHost: host, lanAddresses: Self.lan) == [host])
    }

    @Test func bannerForLoopbackNamesNoLANAddress() {
        let lines = Interfaces.banner(boundHost: "127.0.0.1", port: 4000, lanAddresses: Self.lan)
        #expect(lines == ["Play here with: telnet localhost 4000   (stop the server with Ctrl-C)"])
    }

    @Test func bannerForASpecificAddress() {
        let lines = Interfaces.banner(boundHost: "10.0.0.5", port: 4001, lanAddresses: Self.lan)
        #expect(
            lines == [
                "Friends on your network can connect with:",
                "  telnet 10.0.0.5 4001    or    nc 10.0.0.5 4001",
                "Play here with: telnet 10.0.0.5 4001   (stop the server with Ctrl-C)",
            ])
    }

    @Test func bannerSendsTelnetToTheTelnetPortAndNcToThePlainOne() {
        let lines = Interfaces.banner(boundHost: "::", port: 4000, telnetPort: 4001, lanAddresses: ["192.168.1.20"])
        #expect(
            lines == [
                "Friends on your network can connect with:",
                "  telnet 192.168.1.20 4001    or    nc 192.168.1.20 4000",
                "Play here with: telnet localhost 4001   (stop the server with Ctrl-C)",
            ])
    }

    /// The web page's address beside each LAN line and for this machine (issue 31); IPv6 in brackets.
    @Test func bannerShowsTheWebAddress() {
        let lines = Interfaces.banner(
            boundHost: "::", port: 4000, telnetPort: 4001, webPort: 8080, lanAddresses: ["192.168.1.20", "fd00::20"])
        #expect(
            lines == [
                "Friends on your network can connect with:",
                "  telnet 192.168.1.20 4001    or    nc 192.168.1.20 4000    or watch http://192.168.1.20:8080/",
                "  telnet fd00::20 4001    or    nc fd00::20 4000    or watch http://[fd00::20]:8080/",
                "Play here with: telnet localhost 4001   (stop the server with Ctrl-C)",
                "Watch here at: http://localhost:8080/",
            ])
    }

    @Test func bannerForTheWildcardListsEveryAddress() {
        let lines = Interfaces.banner(boundHost: "::", port: 4000, lanAddresses: Self.lan)
        #expect(lines.count == 5)
        #expect(lines[1] == "  telnet 192.168.1.20 4000    or    nc 192.168.1.20 4000")
        #expect(lines[3] == "  telnet fd00::20 4000    or    nc fd00::20 4000")
        #expect(lines.last?.hasPrefix("Play here with: telnet localhost 4000") == true)
    }
}
