extension JSONRenderer {
    /// `help` for programs: the command table's rows as a structured list, never padded text.
    /// `{"type":"help","topic":null|"<command>","commands":[{name, aliases, args, access,
    /// before_login, group, summary, details, examples}]}`. An unknown topic never gets here: the
    /// session answers it with an error.
    static func help(_ w: inout JSONWriter, topic: String?, rows: [CommandSpec]) {
        w.begin(type: "help")
        w.field("topic", topic == nil ? nil : rows.first?.name)
        w.beginArray("commands")
        for row in rows {
            w.beginNestedObject()
            w.field("name", row.name)
            w.beginArray("aliases")
            for alias in row.aliases { w.element(alias) }
            w.endArray()
            w.field("args", row.arguments)
            w.field("access", row.access.rawValue)
            w.field("before_login", row.beforeLogin)
            w.field("group", row.group.rawValue)
            w.field("summary", row.summary)
            w.beginArray("details")
            for line in row.details { w.element(line) }
            w.endArray()
            w.beginArray("examples")
            for example in row.examples { w.element(example) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endLine()
    }
}
