// flat_tree: parse a JS string with a tree-sitter language and return the whole tree as
// one Int32Array, in pre-order, STRIDE ints per visible node. Walking the tree through the
// node binding's TreeCursor costs a native call per step (tens of ns each, ~20 M calls for
// a sympy-sized repository); this costs one call per file, and the walk becomes array reads.
//
// Node layout (see src/indexer/languages/flat-tree.ts, which must agree):
//   0 symbol   1 flags (bit 0 named)   2 field id (0: none)
//   3 start index   4 end index   (UTF-16 code units, as the node binding reports them)
//   5 start row   6 end row   7 end column (bytes of UTF-16)
//   8 parent   9 next sibling   10 previous sibling   11 child count   (-1: none)
//
// All of a parse's tree-sitter memory comes from a per-thread arena (parse_arena.c), dropped
// in one step once the tree is copied out; the parser and tree are never deleted.
//
// The language comes from a grammar package (its `language` External, a TSLanguage*), so
// the trees are those the node binding builds: same core library (vendored by the
// `tree-sitter` package and compiled here), same grammar tables.

#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"
#include "parse_arena.h"
#include "subtree_walk.h"

static napi_value throw_error(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

static int language_of(napi_env env, napi_value value, const TSLanguage **language) {
  void *pointer = NULL;
  if (napi_get_value_external(env, value, &pointer) != napi_ok || pointer == NULL) return 0;
  *language = (const TSLanguage *)pointer;
  return 1;
}

// parse(source: string, language: External, timeoutMicros: number)
//   -> { nodes: Int32Array, hasError: boolean } | null (timed out)
static napi_value parse(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 3) return throw_error(env, "parse(source, language, timeoutMicros)");
  const TSLanguage *language;
  if (!language_of(env, argv[1], &language)) return throw_error(env, "parse: the language is not a tree-sitter language");
  size_t length = 0;
  if (napi_get_value_string_utf16(env, argv[0], NULL, 0, &length) != napi_ok) return throw_error(env, "parse: the source is not a string");
  char16_t *text = malloc((length + 1) * sizeof(char16_t));
  if (!text) return throw_error(env, "parse: out of memory");
  napi_get_value_string_utf16(env, argv[0], text, length + 1, &length);
  double timeout = 0;
  napi_get_value_double(env, argv[2], &timeout);

  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, language)) {
    parse_arena_reset();
    free(text);
    return throw_error(env, "parse: incompatible tree-sitter language version");
  }
  ts_parser_set_timeout_micros(parser, timeout > 0 ? (uint64_t)timeout : 0);
  TSTree *tree = ts_parser_parse_string_encoding(parser, NULL, (const char *)text, (uint32_t)(length * sizeof(char16_t)), TSInputEncodingUTF16LE);
  free(text);
  napi_value result;
  if (!tree) {
    parse_arena_reset();
    napi_get_null(env, &result);
    return result;
  }
  NodeBuffer buffer = {0};
  int ok = walk_visible_nodes(tree, &buffer);
  bool has_error = ts_node_has_error(ts_tree_root_node(tree));
  parse_arena_reset();  // the parser and the tree
  if (!ok) {
    free(buffer.data);
    return throw_error(env, "parse: out of memory");
  }
  void *bytes = NULL;
  napi_value array_buffer, nodes, error_flag;
  size_t size = buffer.count * STRIDE * sizeof(int32_t);
  napi_create_arraybuffer(env, size, &bytes, &array_buffer);
  if (size > 0) memcpy(bytes, buffer.data, size);
  free(buffer.data);
  napi_create_typedarray(env, napi_int32_array, buffer.count * STRIDE, array_buffer, 0, &nodes);
  napi_get_boolean(env, has_error, &error_flag);
  napi_create_object(env, &result);
  napi_set_named_property(env, result, "nodes", nodes);
  napi_set_named_property(env, result, "hasError", error_flag);
  return result;
}

// symbols(language: External) -> { names: string[], fields: (string|null)[] }, by id.
static napi_value symbols(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  const TSLanguage *language;
  if (argc < 1 || !language_of(env, argv[0], &language)) return throw_error(env, "symbols(language)");
  uint32_t symbol_count = ts_language_symbol_count(language);
  uint32_t field_count = ts_language_field_count(language);
  napi_value names, fields, result, value;
  napi_create_array_with_length(env, symbol_count, &names);
  for (uint32_t id = 0; id < symbol_count; id++) {
    const char *name = ts_language_symbol_name(language, (TSSymbol)id);
    if (name) napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &value);
    else napi_get_null(env, &value);
    napi_set_element(env, names, id, value);
  }
  napi_create_array_with_length(env, field_count + 1, &fields);
  for (uint32_t id = 0; id <= field_count; id++) {
    const char *name = id == 0 ? NULL : ts_language_field_name_for_id(language, (TSFieldId)id);
    if (name) napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &value);
    else napi_get_null(env, &value);
    napi_set_element(env, fields, id, value);
  }
  napi_create_object(env, &result);
  napi_set_named_property(env, result, "names", names);
  napi_set_named_property(env, result, "fields", fields);
  return result;
}

// arenaBytes() -> bytes of parse arena this thread holds between parses (for tests).
static napi_value arena_bytes(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
  napi_create_double(env, (double)parse_arena_held_bytes(), &result);
  return result;
}

static void release_arena(void *unused) {
  (void)unused;
  parse_arena_release();
}

NAPI_MODULE_INIT() {
  // Once per Node environment (the main thread and each worker). The cleanup hook runs
  // on that environment's thread as it ends, so an ended worker keeps no arena chunks.
  parse_arena_install();
  napi_add_env_cleanup_hook(env, release_arena, NULL);
  napi_value fn;
  napi_create_function(env, "parse", NAPI_AUTO_LENGTH, parse, NULL, &fn);
  napi_set_named_property(env, exports, "parse", fn);
  napi_create_function(env, "symbols", NAPI_AUTO_LENGTH, symbols, NULL, &fn);
  napi_set_named_property(env, exports, "symbols", fn);
  napi_create_function(env, "arenaBytes", NAPI_AUTO_LENGTH, arena_bytes, NULL, &fn);
  napi_set_named_property(env, exports, "arenaBytes", fn);
  return exports;
}
