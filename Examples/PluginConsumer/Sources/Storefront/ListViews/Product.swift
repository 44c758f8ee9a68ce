/// The item of the list views in this folder, which docs/paged-list.md shows.
typealias Product = ShopAPI.Product
