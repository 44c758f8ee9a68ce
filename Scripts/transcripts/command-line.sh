# docs/command-line.md: what generate says it did, and the messages of a spec with
# errors, of files and folders that cannot be written, of files that are not specs.
setup "pagegen init Shop"

block command-line-generate
quiet "pagegen generate shop.pagegen.yaml --output Sources/Shop/Generated"

block command-line-diagnostics
file specs/shop.pagegen.yaml <<'SPEC'
pagegen: 1
name: Shop
baseURL: https://shop.example.com
models:
  Item:
    id: Int
    name: Strng
  Page:
    items: [Item]
endpoints:
  item:
    get: /items/{id}
    returns: Item
  items:
    get: /items
    returns: Page
    paging:
      offest: { param: offset }
SPEC
quiet "pagegen lint specs/shop.pagegen.yaml"

block command-line-file-errors
setup "touch Generated out"
quiet "pagegen generate shop.pagegen.yaml --output Generated"
quiet "pagegen generate shop.pagegen.yaml --output out/Generated"
setup "rm Sources/Shop/Generated/ShopModels.swift && mkdir -p Sources/Shop/Generated/ShopModels.swift/old"
quiet "pagegen generate shop.pagegen.yaml --output Sources/Shop/Generated"
quiet "pagegen init Shop"

block command-line-not-text
setup "gzip -c shop.pagegen.yaml > shop.pagegen.yaml.gz"
printf 'pagegen: 1\nname: Shop\nmodels:\n  Item:\n\tid: Int\n' | file tabbed/shop.pagegen.yaml
quiet "pagegen lint shop.pagegen.yaml.gz"
quiet "pagegen lint tabbed/shop.pagegen.yaml"

block command-line-typos
quiet "pagegen gen shop.pagegen.yaml"
quiet "pagegen generate shop.pagegen.yaml --ouput Generated"
