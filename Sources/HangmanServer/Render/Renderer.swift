/// Renders one event, or the events of one batch, once per output style and text layout, so a
/// broadcast costs one rendering per (style, window width) in use — almost always one width — and
/// every recipient of a style and width gets the same bytes. GMCP messages (the JSON events) are
/// made once per batch too.
struct RenderedEvent {
    let events: [Outbound]
    /// Renderings at 80 × 24 (and JSON), one per style: the common case, without hashing (and
    /// without an array allocated per event).
    private var standardText: [UInt8]?
    private var standardColor: [UInt8]?
    private var standardJSON: [UInt8]?
    /// Renderings for other window sizes.
    private var cache: [RenderKey: [UInt8]] = [:]
    private var gmcpCache: [GMCPMessage]?

    init(_ event: Outbound) { self.events = [event] }
    init(_ events: [Outbound]) { self.events = events }

    /// Text output ends with a prompt unless the batch ends with a farewell.
    var wantsPrompt: Bool { events.last?.wantsPrompt ?? false }

    mutating func bytes(for style: OutputStyle, layout: TextLayout = .standard) -> [UInt8] {
        // JSON has no width: every JSON client shares one rendering.
        if style == .json || layout == .standard {
            if let cached = standardRendering(style) { return cached }
            let rendered = render(style, .standard)
            switch style {
            case .text: standardText = rendered
            case .color: standardColor = rendered
            case .json: standardJSON = rendered
            }
            return rendered
        }
        let key = RenderKey(style: style, layout: layout)
        if let cached = cache[key] { return cached }
        let rendered = render(style, layout)
        cache[key] = rendered
        return rendered
    }

    private func render(_ style: OutputStyle, _ layout: TextLayout) -> [UInt8] {
        // One event (most broadcasts): its bytes as rendered, not copied into another array. The event
        // is read in place (`events[0]`, not a copy of it: a copy retains everything it holds).
        if events.count == 1 { return Renderer.render(events[0], style: style, layout: layout) }
        // Text lays some runs of events out together (a game's end fits the window's rows).
        if style != .json { return TextRenderer.render(events, color: style == .color, layout: layout) }
        // JSON: the batch's lines written one after the other into one writer, copied out once.
        var writer = JSONWriter()
        for index in events.indices { JSONRenderer.write(events[index], into: &writer) }
        return writer.take()
    }

    /// The batch's JSON lines followed by `own`'s (events for one member after a broadcast), in
    /// one buffer: the shared lines rendered once for all, then copied in front of each member's.
    mutating func json(then own: [Outbound]) -> [UInt8] {
        let shared = bytes(for: .json)
        guard !own.isEmpty else { return shared }
        var writer = JSONWriter()
        writer.append(shared)
        for index in own.indices { JSONRenderer.write(own[index], into: &writer) }
        return writer.take()
    }

    private func standardRendering(_ style: OutputStyle) -> [UInt8]? {
        switch style {
        case .text: standardText
        case .color: standardColor
        case .json: standardJSON
        }
    }

    /// How many renderings were made (tests check a broadcast renders once per style and width).
    var renderings: Int { cache.count + OutputStyle.allCases.filter { standardRendering($0) != nil }.count }

    /// The batch as GMCP messages (one per JSON event), made once for every GMCP client.
    mutating func gmcp() -> [GMCPMessage] {
        if let gmcpCache { return gmcpCache }
        let messages = GMCPMessage.messages(for: bytes(for: .json))
        gmcpCache = messages
        return messages
    }
}

/// What one rendering depends on.
struct RenderKey: Hashable {
    let style: OutputStyle
    let layout: TextLayout
}

enum Renderer {
    static func render(_ event: Outbound, style: OutputStyle, layout: TextLayout = .standard) -> [UInt8] {
        switch style {
        case .json: JSONRenderer.render(event)
        case .text: TextRenderer.render(event, color: false, layout: layout)
        case .color: TextRenderer.render(event, color: true, layout: layout)
        }
    }
}
