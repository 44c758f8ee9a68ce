#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident set size.
enum MaxRSS {
    /// In kilobytes.
    static func kilobytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #endif
        #if canImport(Darwin)
        return usage.ru_maxrss / 1024   // bytes on Darwin
        #else
        return usage.ru_maxrss           // kilobytes on Linux
        #endif
    }
}
