import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection that sends whatever bytes a test likes, as slowly or as
/// incompletely as it likes, and reads responses one by one: a hostile client.
/// Its blocking calls each run on a thread of their own: Dispatch's global queues
/// run only as many blocking calls at once as there are cores, and the suite's
/// tests wait on many connections at the same time.
final class RawConnection: @unchecked Sendable {
    // @unchecked: `received` is only touched by one test at a time, on one thread at a time.
    private let handle: Int32
    private var received: [UInt8] = []

    /// A parsed response.
    struct Response: Sendable {
        var status: Int
        /// Header fields by lower-cased name.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var message: String {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["message"] as? String ?? ""
        }
    }

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds.
    init(port: Int, timeout: Int = 60) throws {
        #if canImport(Glibc)
        handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        handle = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard handle >= 0 else { throw URLError(.cannotConnectToHost) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(handle, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(handle)
            throw URLError(.cannotConnectToHost)
        }
    }

    deinit { close(handle) }

    /// Sends `text` as UTF-8.
    func send(_ text: String) async throws {
        try await send(Data(text.utf8))
    }

    /// Sends `data`.
    func send(_ data: Data) async throws {
        let handle = handle
        try await onThread {
            let bytes = [UInt8](data)
            var sent = 0
            while sent < bytes.count {
                #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
                #else
                let flags: Int32 = 0
                #endif
                let count = bytes[sent...].withUnsafeBytes { socketSend(handle, $0.baseAddress, $0.count, flags) }
                guard count > 0 else { throw URLError(.networkConnectionLost) }
                sent += count
            }
        }
    }

    /// Closes the sending half: the server reads the end of the stream.
    func finishSending() {
        shutdown(handle, Int32(SHUT_WR))
    }

    /// Reads one response (its head, then `Content-Length` bytes of body); nil when
    /// the server closed the connection first, or sent nothing within the timeout.
    func readResponse() async throws -> Response? {
        try await onThread { self.blockingReadResponse() }
    }

    /// Reads until the server closes the connection; true when it did, false when
    /// nothing came within the timeout. Returns whatever arrived too.
    func readUntilClosed() async throws -> (closed: Bool, bytes: Data) {
        try await onThread {
            while true {
                switch self.receive() {
                case .closed: return (true, Data(self.received))
                case .timedOut: return (false, Data(self.received))
                case .data: continue
                }
            }
        }
    }

    private enum Received { case data, closed, timedOut }

    private func receive() -> Received {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(handle, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received += buffer[0..<count]
            return .data
        }
        return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) ? .closed : .timedOut
    }

    private func blockingReadResponse() -> Response? {
        while true {
            if let response = takeResponse() { return response }
            guard receive() == .data else { return nil }
        }
    }

    /// Takes one whole response off the received bytes, if one is there.
    private func takeResponse() -> Response? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard received.count >= 4,
            let end = (0...(received.count - 4)).first(where: { Array(received[$0..<$0 + 4]) == separator })
        else { return nil }
        let head = String(decoding: received[..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        guard let status = lines.first.flatMap({ $0.split(separator: " ").dropFirst().first }).flatMap({ Int($0) }) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = status == 100 ? 0 : headers["content-length"].flatMap { Int($0) } ?? 0
        guard received.count >= end + 4 + length else { return nil }
        let body = Data(received[(end + 4)..<(end + 4 + length)])
        received.removeFirst(end + 4 + length)
        return Response(status: status, headers: headers, body: body)
    }
}

/// Runs blocking `work` on a new thread.
private func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}

#if canImport(Glibc)
private func socketSend(_ handle: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    Glibc.send(handle, pointer, count, flags)
}
#else
private func socketSend(_ handle: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    Darwin.send(handle, pointer, count, flags)
}
#endif
