import PagegenCore
import PagegenRuntime

/// What every answer needs: the plan, the data, the cursors, the shared state and
/// the options, and the clock. Immutable; the state is an actor.
struct MockCore: Sendable {
    let plan: MockPlan
    let options: MockOptions
    let generator: DataGenerator
    let builder: ResponseBuilder
    let cursors: CursorCodec
    let state: MockState
    let throttle: ThrottleState
    /// Where time is read (the waits the throttle asks for) and latency is waited out.
    let clock: any RetryClock

    init(plan: MockPlan, options: MockOptions, clock: any RetryClock) {
        self.plan = plan
        self.options = options
        generator = DataGenerator(spec: plan.spec, seed: options.seed)
        builder = ResponseBuilder(plan: plan, generator: generator, clock: clock)
        cursors = CursorCodec(seed: options.seed)
        state = MockState()
        throttle = ThrottleState(clock: clock)
        self.clock = clock
    }

    /// The endpoint named `name`.
    func endpoint(named name: String) -> ServedEndpoint? {
        plan.endpoints.first { $0.name == name }
    }

    /// The number of items of a collection before any drift.
    var baseCount: Int { max(0, min(options.items, ItemKeyCodec.maxIndex / 2)) }
}
