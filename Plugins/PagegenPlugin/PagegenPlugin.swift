import PackagePlugin

@main
struct PagegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        []
    }
}
