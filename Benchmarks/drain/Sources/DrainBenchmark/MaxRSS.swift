#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's peak resident set size, CPU time and the machine's load.
enum MaxRSS {
    /// User and system CPU seconds of the whole process (every thread) so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The 1-minute load average, where the system says (`/proc/loadavg`).
    static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.map(String.init)
    }

    /// In kilobytes.
    static func kilobytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #endif
        #if canImport(Darwin)
        return usage.ru_maxrss / 1024  // bytes on Darwin
        #else
        return usage.ru_maxrss  // kilobytes on Linux
        #endif
    }
}
