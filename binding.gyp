{
  # cairn's one native module: native/flat_tree.c (see its header), built by npm ci through
  # node-gyp. It compiles the tree-sitter core vendored by the `tree-sitter` package, so its
  # trees are the ones that package's binding builds.
  "targets": [
    {
      "target_name": "flat_tree",
      "sources": [
        "native/flat_tree.c",
        "node_modules/tree-sitter/vendor/tree-sitter/lib/src/lib.c"
      ],
      "include_dirs": [
        "node_modules/tree-sitter/vendor/tree-sitter/lib/include",
        "node_modules/tree-sitter/vendor/tree-sitter/lib/src"
      ],
      "defines": ["_POSIX_C_SOURCE=200112L", "_DEFAULT_SOURCE"],
      "cflags_c": ["-std=c11", "-O3"],
      "cflags!": ["-O2"]
    }
  ]
}
