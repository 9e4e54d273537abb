import CLibUV

/// Writing serialised answers to the socket.
extension Connection {
    /// Writes `out`. First tries a direct non-blocking write (the common
    /// case: the whole batch fits in the socket buffer, nothing to keep);
    /// what the socket does not take is handed to uv_write together with
    /// ownership of the buffer, so nothing is copied: in pieces of at most
    /// `writePiece` bytes, each its own write, so that a client reading a big
    /// batch steadily shows progress (each piece written) before the idle
    /// timeout, however long the whole batch takes.
    func writeOut() {
        guard state != .closed, !out.isEmpty, let base = out.base else { return }
        guard out.count <= Int(UInt32.max) else {
            close()
            return
        }
        var offset = 0
        // Only when nothing is queued: a direct write must not overtake
        // bytes still waiting in libuv's queue.
        if writesInFlight == 0 {
            var buffer = uv_buf_init(UnsafeMutableRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(out.count))
            let written = Int(uv_try_write(tcp.asStream, &buffer, 1))
            if written == out.count {
                out.clear()
                return
            }
            if written < 0 && written != Int(UV_EAGAIN.rawValue) {
                close()
                return
            }
            offset = max(0, written)
        }
        guard let (storage, count) = out.take() else { return }
        let owner = WriteStorage(storage)
        var start = offset
        while start < count {
            let end = min(count, start + Self.writePiece)
            let request = allocateZeroed(uv_write_t.self)
            request.pointee.data = Unmanaged.passRetained(owner).toOpaque()
            var buffer = uv_buf_init(
                UnsafeMutableRawPointer(storage + start).assumingMemoryBound(to: CChar.self), UInt32(end - start))
            guard uv_write(request, tcp.asStream, &buffer, 1, connectionWriteDone) == 0 else {
                Unmanaged<WriteStorage>.fromOpaque(request.pointee.data).release()
                request.deallocate()
                close()
                return
            }
            if writesInFlight == 0 { lastWriteProgress = now }
            writesInFlight += 1
            start = end
        }
    }

    /// The largest piece one uv_write is given.
    static let writePiece = 64 * 1024

    func writeDone(status: Int32) {
        writesInFlight -= 1
        guard status == 0 else {
            close()
            return
        }
        lastWriteProgress = now
        resumeHeldInput()
        updateReading()
        updateDeadline()
    }
}

/// The bytes of one batch handed to libuv, shared by the writes of its pieces: freed when
/// the last of them is done.
final class WriteStorage {
    let bytes: UnsafeMutablePointer<UInt8>
    init(_ bytes: UnsafeMutablePointer<UInt8>) { self.bytes = bytes }
    deinit { freeBytes(bytes) }
}

/// Frees the buffer the write owned, then tells the connection. On a closed
/// connection libuv still calls this (status UV_ECANCELED) before the close
/// callbacks, so the connection is alive here.
let connectionWriteDone: uv_write_cb = { request, status in
    guard let request, let data = request.pointee.data else { return }
    Unmanaged<WriteStorage>.fromOpaque(data).release()  // the last piece's frees the bytes
    let conn = connection(of: request.pointee.handle)
    request.deallocate()
    conn?.writeDone(status: status)
}
