import Foundation
import PagegenCore

/// Answers one request: reads it, decides its faults, waits, finds the endpoint
/// and lets the right responder build the answer. Every problem with the request
/// becomes a JSON error (400, 404, 405), never a crash.
struct MockResponder: Sendable {
    let core: MockCore

    /// The answer and how to send it.
    struct Outcome: Sendable {
        var response: MockResponse
        var faults: RequestFaults
        var endpoint: String?
    }

    func respond(
        method: String, rawPath: String, rawQuery: String, headers: [String: String], body: Data, fallbackOrigin: String
    ) async -> Outcome {
        let number = await core.state.nextRequestNumber()
        var random = SeededRandom(seed: core.generator.seed("faults", String(number)))
        var faults = RequestFaults()
        var endpointName: String?
        do throws(MockHTTPError) {
            let request = try MockRequest(method: method, rawPath: rawPath, rawQuery: rawQuery, headers: headers, body: body)
            faults = try RequestFaults.resolve(core.options.faults, request: request, random: &random)
            if let latency = faults.latency, latency > .zero {
                try? await core.clock.sleep(for: latency)
            }
            if let retryAfter = faults.retryAfter {
                throw MockHTTPError(
                    status: 429, code: "rate_limited", message: "injected fault: too many requests; retry after \(retryAfter) s",
                    headers: [("Retry-After", String(retryAfter))])
            }
            if let status = faults.errorStatus {
                throw MockHTTPError(status: status, code: "internal_error", message: "injected fault: HTTP \(status)")
            }
            let (endpoint, pathValues) = try route(request)
            endpointName = endpoint.name
            let hints = core.plan.spec.throttle
            if faults.backoff > 0, hints.isEmpty {
                throw .badRequest(
                    "\(RequestFaults.faultHeader): 'backoff' asks for a wait where the spec's 'throttle:' says, and this spec has none")
            }
            if let (reason, left) = await core.throttle.refusal(endpoint: endpoint.name) {
                let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
                throw MockHTTPError(
                    status: 429, code: "throttle_violation",
                    message: "too many requests: \(reason) has \(String(format: "%.1f", seconds)) s left")
            }
            let context = RequestContext(
                request: request, origin: origin(request, fallback: fallbackOrigin), faults: faults, pathValues: pathValues)
            var response = try await answer(endpoint, context: context)
            if faults.backoff > 0 {
                response.headers += ThrottleState.headers(for: hints, waiting: faults.backoff, now: core.clock.date)
                await core.throttle.asked(faults.backoff, hints: hints, endpoint: endpoint.name)
            }
            if method == "GET" || method == "HEAD", response.status == 200 {
                response = EntityTag.answer(response, ifNoneMatch: headers["if-none-match"])
            }
            if faults.malformed, response.status != 304 { response.body = RequestFaults.malformed(response.body) }
            return Outcome(response: response, faults: faults, endpoint: endpointName)
        } catch {
            var response = error.response(pretty: core.options.prettyJSON)
            if faults.malformed { response.body = RequestFaults.malformed(response.body) }
            return Outcome(response: response, faults: faults, endpoint: endpointName)
        }
    }

    private func answer(_ endpoint: ServedEndpoint, context: RequestContext) async throws(MockHTTPError) -> MockResponse {
        if core.options.checksCredentials {
            try RequestChecker(spec: core.plan.spec, endpoint: endpoint.spec).checkCredentials(of: context.request)
        }
        try ContentResponder.checkBody(of: context.request, for: endpoint.spec)
        if core.options.checksRequests {
            try RequestChecker(spec: core.plan.spec, endpoint: endpoint.spec).check(context.request, pathValues: context.pathValues)
        }
        if let response = ContentResponder(core: core, endpoint: endpoint, context: context).answer() {
            return response
        }
        let responder = EndpointResponder(core: core, endpoint: endpoint, context: context)
        switch endpoint.role {
        case .list(let list):
            return try await PagingResponder(core: core, endpoint: endpoint, list: list, context: context).respond()
        case .idList(let plan):
            return await responder.idList(plan)
        case .window(let plan):
            return try await responder.window(plan)
        case .array(let shape):
            return await responder.array(shape)
        case .single(let plan) where !plan.idLists.isEmpty:
            return try await responder.listedItem(plan)
        case .single(let plan):
            return try responder.single(plan)
        }
    }

    /// The endpoint a request is for, and its path parameters.
    /// - Throws: 404 naming the known endpoints, 405 for a known path with another method,
    ///   400 for a path parameter of the wrong type.
    func route(_ request: MockRequest) throws(MockHTTPError) -> (ServedEndpoint, [String: String]) {
        var allowed: [String] = []
        for endpoint in core.plan.endpoints {
            // Each endpoint's path follows its server's (the base URL's, or a named server's).
            var segments = request.segments
            let base = core.plan.basePath(of: endpoint.spec).split(separator: "/").map(String.init)
            if !base.isEmpty, segments.count >= base.count, Array(segments.prefix(base.count)) == base {
                segments.removeFirst(base.count)
            }
            guard let values = endpoint.template.match(segments) else { continue }
            guard endpoint.method == request.method else {
                allowed.append(endpoint.method)
                continue
            }
            for parameter in endpoint.spec.pathParameters {
                let name = parameter.name.value
                guard let value = values[name] else { continue }
                if ["Int", "Int64"].contains(parameter.type.value.unwrapped.name ?? ""), Int(value) == nil || value.count > 19 {
                    throw MockHTTPError(
                        status: 400, code: "invalid_parameter",
                        message: "the path parameter '\(name)' is '\(value.prefix(60))', which is not a whole number",
                        extra: [("parameter", .string(name)), ("in", .string("path"))])
                }
            }
            return (endpoint, values)
        }
        if !allowed.isEmpty {
            throw MockHTTPError(
                status: 405, code: "method_not_allowed",
                message: "\(request.method) is not allowed on \(request.rawPath.prefix(200)); allowed: \(allowed.joined(separator: ", "))",
                headers: [("Allow", allowed.joined(separator: ", "))])
        }
        throw MockHTTPError(
            status: 404, code: "not_found",
            message: "no endpoint answers \(request.method) \(request.rawPath.prefix(200))",
            extra: [("endpoints", .array(endpointList.map(MockJSON.string)))])
    }

    /// `GET /api/v2/categories/{category_id}/products`, for every endpoint.
    var endpointList: [String] {
        core.plan.endpoints.map { "\($0.method) \(core.plan.basePath(of: $0.spec))\($0.template.text)" }
    }

    /// The origin the client addressed: `http://` and the Host header, or the server's own.
    private func origin(_ request: MockRequest, fallback: String) -> String {
        guard let host = request.header("Host"), !host.isEmpty, host.count <= 255,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]_".contains($0)) })
        else { return fallback }
        return "http://" + host
    }
}
