import CLLHTTP

/// The one llhttp settings table shared by every parser (llhttp requires it
/// to outlive them, so it is allocated once and never freed). Fields are set
/// by name after llhttp_settings_init, which keeps this valid for llhttp 8.x
/// and 9.x, whose struct layouts differ.
nonisolated(unsafe) let parserSettings: UnsafeMutablePointer<llhttp_settings_t> = {
    let settings = UnsafeMutablePointer<llhttp_settings_t>.allocate(capacity: 1)
    llhttp_settings_init(settings)
    settings.pointee.on_message_begin = { parser in
        withOwner(parser) { $0.messageBegin() }
    }
    settings.pointee.on_url = { parser, at, count in
        withOwner(parser) { $0.urlPiece(at, count) }
    }
    settings.pointee.on_header_field = { parser, at, count in
        withOwner(parser) { $0.headerFieldPiece(at, count) }
    }
    settings.pointee.on_header_field_complete = { parser in
        withOwner(parser) { $0.headerFieldComplete() }
    }
    settings.pointee.on_header_value = { parser, at, count in
        withOwner(parser) { $0.headerValuePiece(at, count) }
    }
    settings.pointee.on_headers_complete = { parser in
        withOwner(parser) { $0.headersComplete() }
    }
    settings.pointee.on_body = { parser, at, count in
        withOwner(parser) { $0.bodyPiece(at, count) }
    }
    settings.pointee.on_message_complete = { parser in
        withOwner(parser) { $0.messageComplete() }
    }
    return settings
}()

/// Runs `body` with the connection a parser belongs to (its `data` is the
/// unretained connection, which outlives the parser it owns). The guaranteed
/// reference spares a retain/release pair per callback; the connection is
/// kept alive by its loop for as long as llhttp runs on its behalf.
@inline(__always)
private func withOwner(
    _ parser: UnsafeMutablePointer<llhttp_t>?, _ body: (Connection) -> Int32
) -> Int32 {
    guard let data = parser?.pointee.data else { return -1 }
    return Unmanaged<Connection>.fromOpaque(data)._withUnsafeGuaranteedRef(body)
}
