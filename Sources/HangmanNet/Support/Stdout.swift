/// Standard output for the few lines the server prints there (`listening on …`).
public enum Stdout {
    /// Makes stdout line buffered, so that each line reaches a pipe at once.
    public static func lineBuffered() {
        Posix.lineBufferStdout()
    }

    /// Prints `text` and a newline, flushed.
    public static func print(_ text: String) {
        Posix.writeStdout(text + "\n")
    }
}
