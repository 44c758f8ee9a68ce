import Foundation

/// Writes the static pages the server serves: `1.json`, `2.json`, … with 100
/// items each (about 20 KB of JSON a page), ids 1, 2, 3… across pages, each with
/// the list's total, and an `empty.json` for pages past the end.
enum PageFiles {
    static let itemsPerPage = 100

    static func write(pages: Int, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let categories = ["tools", "garden", "kitchen", "books", "toys", "sports", "music", "office"]
        for number in 1...pages {
            var items: [String] = []
            items.reserveCapacity(itemsPerPage)
            for index in 0..<itemsPerPage {
                let id = (number - 1) * itemsPerPage + index + 1
                let category = categories[id % categories.count]
                let price = Double(id % 10_000) / 100 + 0.99
                items.append(
                    """
                    {"id":\(id),"sku":"SKU-\(String(id, radix: 16).uppercased())-\(id % 97)",\
                    "name":"Item number \(id) of the catalog",\
                    "description":"A sturdy \(category) item, well reviewed, ships in two days (lot \(id % 1_000)).",\
                    "price":\(price),"quantity":\(id % 250),"active":\(id % 7 != 0),\
                    "category":"\(category)","tags":["\(category)","lot-\(id % 1_000)","new"]}
                    """)
            }
            let page = "{\"items\":[\(items.joined(separator: ","))],\"page\":\(number),\"total\":\(pages * itemsPerPage)}"
            try Data(page.utf8).write(to: directory.appendingPathComponent("\(number).json"))
        }
        try Data("{\"items\":[],\"page\":0,\"total\":\(pages * itemsPerPage)}".utf8).write(
            to: directory.appendingPathComponent("empty.json"))
    }

    /// The sum of the ids of a list of `pages` pages, to check a drain saw every item once.
    static func idSum(pages: Int) -> Int {
        let count = pages * itemsPerPage
        return count * (count + 1) / 2
    }
}
