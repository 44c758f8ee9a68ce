import AsyncHTTPClient
import NIOSSL
import PagegenRuntime

// What `RetryMiddleware` may send again after an error of AsyncHTTPClient or of the TLS
// under it: the same rules as for `URLError` on `URLSessionTransport`.

extension HTTPClientError: TransientTransportError {
    /// True for a timeout, a connection closed or shut down early, and an answer cut
    /// short or malformed on the way (what a second attempt may not meet); false for
    /// everything else AsyncHTTPClient reports: a URL, scheme, header or body it cannot
    /// send, a redirect limit, a client shut down or configured wrongly.
    public var isTransient: Bool {
        Self.transient.contains(self)
    }

    /// The errors a second attempt may not meet.
    private static let transient: [HTTPClientError] = [
        .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout,
        .httpProxyHandshakeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout, .remoteConnectionClosed,
        .uncleanShutdown, .invalidProxyResponse, .contentLengthMissing,
    ]
}

extension NIOSSLError: TransientTransportError {
    /// True for a TLS connection closed or cut on the way, during the handshake or after
    /// it; false for a handshake that failed (an untrusted, expired or mismatched
    /// certificate, a peer that does not speak TLS, no protocol in common) and for a
    /// certificate or key that cannot be loaded: what a second attempt meets again, as
    /// `URLSessionTransport`'s `URLError.serverCertificateUntrusted` and
    /// `.secureConnectionFailed` are.
    public var isTransient: Bool {
        switch self {
        case .uncleanShutdown, .writeDuringTLSShutdown, .readInInvalidTLSState, .shutdownFailed: true
        case .handshakeFailed(.syscallError), .handshakeFailed(.zeroReturn): true
        default: false
        }
    }
}

extension NIOSSLExtraError: TransientTransportError {
    /// False: a certificate that does not name the host, or a TLS setting that cannot be
    /// used, is the same on a second attempt.
    public var isTransient: Bool { false }
}

#if canImport(Network)
extension HTTPClient.NWTLSError: TransientTransportError {
    /// False: on Apple platforms, where AsyncHTTPClient sends through Network.framework,
    /// a TLS error it reports is a handshake that failed (a certificate, a protocol),
    /// which a second attempt meets again. A connection lost on the way is a
    /// `NWPOSIXError`, and is retried.
    public var isTransient: Bool { false }
}
#endif
