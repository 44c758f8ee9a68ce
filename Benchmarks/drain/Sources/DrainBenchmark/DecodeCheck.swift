import Foundation

/// Decoding alone, without the network: one page decoded `rounds` times into the
/// hand-written loop's models (derived `Decodable`) and into the generated ones
/// (fields read by name), alternately, on one thread. Shows what the generated
/// models cost next to the ones a person writes.
struct DecodeCheck {
    let page: Data
    let rounds: Int

    func run() {
        var handWritten: [Double] = []
        var generated: [Double] = []
        var checksum = 0
        for _ in 0..<5 {
            handWritten.append(time { checksum &+= try JSONDecoder().decode(HandWrittenLoop.Page.self, from: page).items.count })
            generated.append(time { checksum &+= try JSONDecoder().decode(DrainAPI.CatalogPage.self, from: page).items.count })
        }
        let items = Double(rounds * PageFiles.itemsPerPage)
        let loop = handWritten.sorted()[2] / items * 1e9
        let ours = generated.sorted()[2] / items * 1e9
        print(
            String(
                format: "decode only, one thread: hand-written models %.0f ns/item, generated models %.0f ns/item (%.2f×)",
                loop, ours, ours / loop))
        if checksum == 0 { print("(no items)") }
    }

    private func time(_ body: () throws -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds {
            do { try body() } catch { usage("the page does not decode: \(error)") }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
