// subtree_walk: a tree's visible nodes in pre-order, read straight from tree-sitter's
// subtrees (see subtree_walk.c).

#ifndef CAIRN_SUBTREE_WALK_H
#define CAIRN_SUBTREE_WALK_H

#include <stddef.h>
#include <stdint.h>
#include "tree_sitter/api.h"

#define STRIDE 12

typedef struct {
  int32_t *data;  // STRIDE ints per node, laid out as flat_tree.c documents
  size_t count;
  size_t capacity;
} NodeBuffer;

// Appends every node a TreeCursor would visit, in the order it would visit them, with the
// values it would report. Returns 0 when out of memory.
int walk_visible_nodes(const TSTree *tree, NodeBuffer *out);

#endif
