/// Renders one event, or the events of one batch, once per output style, so a broadcast costs one
/// rendering per style in use and every recipient of a style gets the same bytes.
struct RenderedEvent {
    let events: [Outbound]
    private var cache: [[UInt8]?] = [nil, nil, nil]

    init(_ event: Outbound) { self.events = [event] }
    init(_ events: [Outbound]) { self.events = events }

    /// Text output ends with a prompt unless the batch ends with a farewell.
    var wantsPrompt: Bool { events.last?.wantsPrompt ?? false }

    mutating func bytes(for style: OutputStyle) -> [UInt8] {
        let index = Int(style.rawValue)
        if let cached = cache[index] { return cached }
        var rendered: [UInt8] = []
        for event in events { rendered += Renderer.render(event, style: style) }
        cache[index] = rendered
        return rendered
    }
}

enum Renderer {
    static func render(_ event: Outbound, style: OutputStyle) -> [UInt8] {
        switch style {
        case .json: JSONRenderer.render(event)
        case .text: TextRenderer.render(event, color: false)
        case .color: TextRenderer.render(event, color: true)
        }
    }
}
