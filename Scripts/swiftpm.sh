# Sourced by the scripts that run SwiftPM: `swiftpm ARGS…` runs `swift ARGS…`.
#
# SwiftPM itself sometimes dies of a segmentation fault in libdispatch on Linux, most
# often while it runs a plugin (swiftlang/swift-package-manager#8171). That crash says
# nothing about this package, so the command runs once more, after a note that says
# so. Every other failure, a build's or a test's included, is returned as it is: a
# crashing test makes `swift test` exit with 1, not with the signal's status.
swiftpm() {
    local status=0
    swift "$@" || status=$?
    if [ "$status" -eq 139 ]; then
        printf '\nnote: SwiftPM crashed (segmentation fault) running `swift %s`; running it once more\n\n' "$*" >&2
        status=0
        swift "$@" || status=$?
    fi
    return "$status"
}
