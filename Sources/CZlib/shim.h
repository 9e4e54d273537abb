#ifndef TRELLIS_CZLIB_SHIM_H
#define TRELLIS_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 is a macro over deflateInit2_ (it passes the library's version and the
// stream's size), which Swift cannot import: this inline function is the call.
static inline int trellis_deflate_init_gzip(z_stream *stream, int level) {
    // 15 + 16: the largest window, with a gzip header and trailer instead of zlib's.
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
