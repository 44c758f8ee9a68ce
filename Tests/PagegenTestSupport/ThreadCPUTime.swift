#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time the calling thread has used so far.
///
/// What a test bounds to tell a stuck computation from a slow one: on a busy
/// machine, wall time grows while another process runs, but a thread's processor
/// time grows only while it computes.
public func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
