import HTTPServer

/// Reason phrases for problem titles: the status line's own table (one vocabulary).
public enum HTTPStatus {
    public static func reason(_ status: Int) -> String {
        String(describing: reasonPhrase(status))
    }
}
