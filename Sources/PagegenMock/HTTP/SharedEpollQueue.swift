#if canImport(CSystemLinux)
import CSystemLinux
import FlyingSocks
import Glibc

/// An epoll event queue that outlives the sockets it watches: the queue of
/// ``SharedSocketPool`` on Linux.
///
/// FlyingSocks' own `ePoll` keeps a list of the events it registered for each
/// descriptor, and trusts it. A socket closed while it is waited for leaves its entry
/// behind (the kernel forgets a closed descriptor; the list does not), and the next
/// socket given the same descriptor number is then refused (`EPOLL_CTL_MOD` on a
/// descriptor epoll does not know). That is harmless when each server has a pool of
/// its own, which goes with the server, and fatal for a pool every server shares.
/// This queue asks the kernel instead: it modifies, and adds what the kernel does not
/// know; it removes, and takes a descriptor already gone as removed.
struct SharedEpollQueue: EventQueue {
    private var file: Int32 = -1
    /// An eventfd whose write ends the wait for good: `stop()`.
    private var canary: Int32 = -1
    private var registered: [Socket.FileDescriptor: Socket.Events] = [:]
    /// The most events one wait returns.
    private let limit = 256

    mutating func open() throws {
        registered = [:]
        file = epoll_create1(Int32(EPOLL_CLOEXEC))
        canary = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard file >= 0, canary >= 0 else { throw SocketError.makeFailed("epoll_create1 or eventfd") }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = canary
        guard epoll_ctl(file, EPOLL_CTL_ADD, canary, &event) == 0 else { throw SocketError.makeFailed("epoll_ctl") }
    }

    mutating func stop() throws {
        registered = [:]
        guard canary >= 0 else { throw SocketError.disconnected }
        eventfd_write(canary, 1)
    }

    mutating func close() throws {
        if file >= 0 { Glibc.close(file) }
        if canary >= 0 { Glibc.close(canary) }
        file = -1
        canary = -1
    }

    mutating func addEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        try register((registered[socket] ?? []).union(events), for: socket)
    }

    mutating func removeEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        try register((registered[socket] ?? []).subtracting(events), for: socket)
    }

    /// Has the kernel watch `socket` for exactly `events` (edge-triggered), or not at
    /// all when `events` is empty.
    private mutating func register(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        var event = epoll_event()
        event.events = EPOLLET.rawValue
        if events.contains(.read) { event.events |= EPOLLIN.rawValue }
        if events.contains(.write) { event.events |= EPOLLOUT.rawValue }
        event.data.fd = socket.rawValue
        guard !events.isEmpty else {
            registered[socket] = nil
            // Fails only for a socket closed since, which the kernel has dropped already.
            _ = epoll_ctl(file, EPOLL_CTL_DEL, socket.rawValue, &event)
            return
        }
        if epoll_ctl(file, EPOLL_CTL_MOD, socket.rawValue, &event) == 0 {
            registered[socket] = events
            return
        }
        // Not watched: never was, or closed since and its number given to this socket.
        guard errno == ENOENT, epoll_ctl(file, EPOLL_CTL_ADD, socket.rawValue, &event) == 0 else {
            registered[socket] = nil
            throw SocketError.makeFailed("epoll_ctl")
        }
        registered[socket] = events
    }

    func getNotifications() throws -> [EventNotification] {
        var events = [epoll_event](repeating: epoll_event(), count: limit)
        let count = epoll_wait(file, &events, Int32(limit), -1)
        guard count >= 0 else {
            // A signal is not a failure: the pool waits again.
            if errno == EINTR { return [] }
            throw SocketError.makeFailed("epoll_wait")
        }
        return try events.prefix(Int(count)).map { event in
            if event.data.fd == canary { throw SocketError.disconnected }
            return Self.notification(for: event)
        }
    }

    /// What `event` says of its socket: ready to read, to write, or neither because it
    /// failed or its peer hung up, which wakes every wait on it (the wait then meets
    /// the error itself).
    private static func notification(for event: epoll_event) -> EventNotification {
        var events = Socket.Events()
        if event.events & EPOLLIN.rawValue != 0 { events.insert(.read) }
        if event.events & EPOLLOUT.rawValue != 0 { events.insert(.write) }
        var errors = Set<EventNotification.Error>()
        if !events.contains(.read), event.events & (EPOLLHUP.rawValue | EPOLLRDHUP.rawValue) != 0 {
            errors.insert(.endOfFile)
        }
        if event.events & (EPOLLERR.rawValue | EPOLLPRI.rawValue) != 0 { errors.insert(.error) }
        if events.isEmpty { events = [.read, .write] }
        return EventNotification(file: Socket.FileDescriptor(rawValue: event.data.fd), events: events, errors: errors)
    }
}
#endif
