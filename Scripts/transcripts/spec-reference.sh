# docs/spec-reference.md, "Every message": what `pagegen lint` prints for specs/shop.pagegen.yaml
# written each of the ways below.

# Lints specs/shop.pagegen.yaml holding standard input, printing lint's messages.
lint_spec() {
    mkdir -p specs
    cat >specs/shop.pagegen.yaml
    quiet "pagegen lint specs/shop.pagegen.yaml"
}

block spec-reference-reading
printf 'pagegen: 1\nname: Shop\nmodels:\n\tProduct:\n    id: Int\n' | lint_spec
printf 'pagegen: 1\nname: Shop\nmodels:\n  Product: { tags: [String, id: Int }\n' | lint_spec
printf 'pagegen: 1\nname: Shop\nmodels:\n  Product:\n    tags: [String]?\n' | lint_spec
printf 'pagegen: 1\nname: Shop\n---\nmodels: {}\n' | lint_spec
printf 'pagegen: 1\nname: *apiName\n' | lint_spec
printf 'pagegen: 1\nname: Shop\nmodels:\n  Product:\n    <<: plain\n' | lint_spec
printf '' | lint_spec
printf -- '- pagegen: 1\n' | lint_spec

block spec-reference-bytes
printf 'pagegen: 1\nname: Sh\xffp\n' | lint_spec
printf 'pagegen: 1\nname: Sh\x80p\n' | lint_spec
printf 'pagegen: 1\nname: Sh\xe9p\n' | lint_spec
printf 'pagegen: 1\nname: Shop\nmodels:\n  Product: \0\n' | lint_spec
printf 'pagegen: 1\nname: Shop\nmodels:\n  Product: \033\n' | lint_spec
printf '\xff\xfep\0a\0' | lint_spec
head -c 17000000 /dev/zero | tr '\0' '#' | lint_spec
{ printf 'pagegen: 1\nname: Shop\nmodels:\n  Product: '; printf '[%.0s' $(seq 1 70); printf '\n'; } | lint_spec
{
    printf 'pagegen: 1\nname: Shop\na: &a [x, x, x, x, x, x, x, x, x, x]\n'
    previous=a
    for level in b c d e f; do
        printf '%s: &%s [' "$level" "$level"
        for _ in 1 2 3 4 5 6 7 8 9; do printf '*%s, ' "$previous"; done
        printf '*%s]\n' "$previous"
        previous=$level
    done
} | lint_spec
{ printf 'pagegen: 1\nname: Shop\nmodels:\n  Product: ['; yes '1,' | head -n 2000001 | tr -d '\n'; printf ']\n'; } | lint_spec

block spec-reference-missing-file
quiet "pagegen lint specs/nope.pagegen.yaml"
quiet "pagegen lint specs"
