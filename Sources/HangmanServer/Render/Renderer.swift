/// Renders an event once per output style, so a broadcast costs one rendering per style in use,
/// and every recipient of a style gets the same bytes.
struct RenderedEvent {
    let event: Outbound
    private var cache: [[UInt8]?] = [nil, nil, nil]

    init(_ event: Outbound) { self.event = event }

    mutating func bytes(for style: OutputStyle) -> [UInt8] {
        let index = Int(style.rawValue)
        if let cached = cache[index] { return cached }
        let rendered = Renderer.render(event, style: style)
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
