import PackagePlugin

@main
struct PagegenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
