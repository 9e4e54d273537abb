import CLLHTTP

/// The one llhttp settings table shared by every parser (llhttp requires it
/// to outlive them, so it is allocated once and never freed). Fields are set
/// by name after llhttp_settings_init, which keeps this valid for llhttp 8.x
/// and 9.x, whose struct layouts differ.
nonisolated(unsafe) let parserSettings: UnsafeMutablePointer<llhttp_settings_t> = {
    let settings = UnsafeMutablePointer<llhttp_settings_t>.allocate(capacity: 1)
    llhttp_settings_init(settings)
    settings.pointee.on_message_begin = { parser in
        owner(parser)?.messageBegin() ?? -1
    }
    settings.pointee.on_url = { parser, at, count in
        owner(parser)?.urlPiece(at, count) ?? -1
    }
    settings.pointee.on_header_field = { parser, at, count in
        owner(parser)?.headerFieldPiece(at, count) ?? -1
    }
    settings.pointee.on_header_field_complete = { parser in
        owner(parser)?.headerFieldComplete() ?? -1
    }
    settings.pointee.on_header_value = { parser, at, count in
        owner(parser)?.headerValuePiece(at, count) ?? -1
    }
    settings.pointee.on_headers_complete = { parser in
        owner(parser)?.headersComplete() ?? -1
    }
    settings.pointee.on_body = { parser, at, count in
        owner(parser)?.bodyPiece(at, count) ?? -1
    }
    settings.pointee.on_message_complete = { parser in
        owner(parser)?.messageComplete() ?? -1
    }
    return settings
}()

/// The connection a parser belongs to (its `data` is the unretained
/// connection, which outlives the parser it owns).
@inline(__always)
private func owner(_ parser: UnsafeMutablePointer<llhttp_t>?) -> Connection? {
    guard let data = parser?.pointee.data else { return nil }
    return Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue()
}
