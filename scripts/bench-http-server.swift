// The HTTP layer alone, answering like shared/anchors/uvserver: the same
// fixed 300-byte JSON body to every request. Built and run by
// scripts/bench-http; not part of the package.
// Usage: bench-http-server [port=18090] [workers=nproc] [mode=sync|async]
import Dispatch
import HTTPServer

let body = Array(#"{"id":"5f1c2a9e-7b3d-4c8e-9a21-0d6b8e4f3c77","kind":"layout","status":"ok","version":1,"width":1280,"height":720,"nodes":[{"id":1,"x":0,"y":0,"w":1280,"h":64},{"id":2,"x":0,"y":64,"w":320,"h":656},{"id":3,"x":320,"y":64,"w":960,"h":656}],"elapsedMicros":42,"cache":"miss","note":"anchor","rev":"a1b"}"#.utf8)
let headers = [HTTPHeader("Server", "trellis"), HTTPHeader("Content-Type", "application/json")]
let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 18090 : 18090
var config = HTTPServerConfig(host: "127.0.0.1", port: port)
if arguments.count > 2, let workers = Int(arguments[2]) { config.workers = workers }
let asynchronous = arguments.count > 3 && arguments[3] == "async"

let server = HTTPServer(config: config) { _, responder in
    let response = HTTPResponse(status: 200, headers: headers, body: body)
    if asynchronous {
        // Measures the cross-thread path: answer from a pool thread.
        DispatchQueue.global().async { responder.send(response) }
    } else {
        responder.send(response)
    }
}
server.installSignalHandlers()
let bound = try server.start()
print("bench-http-server: 127.0.0.1:\(bound), \(config.workers) loop(s), \(asynchronous ? "async" : "sync") answers")
server.wait()
