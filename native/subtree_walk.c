// subtree_walk: the visible nodes of a tree, read from tree-sitter's internal subtrees with
// an explicit stack. A TreeCursor gives the same nodes, but each step re-derives what the
// walk already knows (the parent's alias sequence and field map, the fields of hidden
// ancestors, the way back up) and costs ~17 % of a parse-and-copy on sympy.
//
// The rules are the cursor's (lib/src/tree_cursor.c of the vendored core, which this file
// is compiled with; flat-tree.test.ts checks them in lockstep against the node binding):
//   - a child is visible when its subtree is, or when it is not an extra and the parent's
//     production aliases it; an alias gives the node its symbol and its namedness;
//   - a hidden child with visible children is entered, its visible descendants becoming
//     children of the nearest visible ancestor; other hidden children are skipped;
//   - a node's field is its own entry (not inherited) in the parent production's field map,
//     else that of the nearest hidden ancestor that has one, looking up only through hidden,
//     non-extra ancestors; extras have no field.

#include "subtree_walk.h"
#include <stdlib.h>
#include "language.h"
#include "subtree.h"
#include "tree.h"

typedef struct {
  Subtree parent;
  const TSSymbol *aliases;           // the parent production's alias sequence, or NULL
  const TSFieldMapEntry *fields;     // the parent production's field map
  const TSFieldMapEntry *fields_end;
  uint32_t child_index;
  uint32_t structural_index;         // index among the non-extra children
  Length position;                   // start of the next child, padding excluded
  TSFieldId hidden_field;            // field of the hidden ancestors, for children without one
  int owns_visible;                  // whether this frame's parent is a visible node
} Frame;

typedef struct {
  int32_t index;       // the visible node, in the buffer
  int32_t last_child;  // its last child recorded so far (-1: none yet)
} VisibleParent;

typedef struct {
  Frame *frames;
  size_t frame_count, frame_capacity;
  VisibleParent *parents;
  size_t parent_count, parent_capacity;
} Stacks;

// Makes room for one more item in a doubling array; 0 when out of memory.
static int reserve_one(void **items, size_t count, size_t *capacity, size_t item_size, size_t initial) {
  if (count < *capacity) return 1;
  size_t grown = *capacity ? *capacity * 2 : initial;
  void *moved = realloc(*items, grown * item_size);
  if (!moved) return 0;
  *items = moved;
  *capacity = grown;
  return 1;
}

static int reserve_node(NodeBuffer *out) {
  return reserve_one((void **)&out->data, out->count, &out->capacity, STRIDE * sizeof(int32_t), 4096);
}

static int push_frame(Stacks *stacks, const TSLanguage *language, Subtree parent, Length position, TSFieldId hidden_field, int owns_visible) {
  if (!reserve_one((void **)&stacks->frames, stacks->frame_count, &stacks->frame_capacity, sizeof(Frame), 64)) return 0;
  Frame *frame = &stacks->frames[stacks->frame_count++];
  uint32_t production = parent.ptr->production_id;
  frame->parent = parent;
  frame->aliases = ts_language_alias_sequence(language, production);
  ts_language_field_map(language, production, &frame->fields, &frame->fields_end);
  frame->child_index = 0;
  frame->structural_index = 0;
  frame->position = position;
  frame->hidden_field = hidden_field;
  frame->owns_visible = owns_visible;
  return 1;
}

static int push_parent(Stacks *stacks, int32_t index) {
  if (!reserve_one((void **)&stacks->parents, stacks->parent_count, &stacks->parent_capacity, sizeof(VisibleParent), 64)) return 0;
  stacks->parents[stacks->parent_count++] = (VisibleParent){index, -1};
  return 1;
}

// The child's field: its own entry in the parent production's map, else its hidden
// ancestors'. Extras have none.
static TSFieldId field_of(const Frame *frame, bool extra, uint32_t structural_index) {
  if (extra) return 0;
  for (const TSFieldMapEntry *entry = frame->fields; entry < frame->fields_end; entry++) {
    if (!entry->inherited && entry->child_index == structural_index) return entry->field_id;
  }
  return frame->hidden_field;
}

static int32_t record(NodeBuffer *out, const TSLanguage *language, Subtree subtree, TSSymbol alias, TSFieldId field, Length position, VisibleParent *parent) {
  int32_t index = (int32_t)out->count++;
  int32_t *row = out->data + (size_t)index * STRIDE;
  Length size = ts_subtree_size(subtree);
  TSPoint end = point_add(position.extent, size.extent);
  row[0] = ts_language_public_symbol(language, alias ? alias : ts_subtree_symbol(subtree));
  row[1] = (alias ? ts_language_symbol_metadata(language, alias).named : ts_subtree_named(subtree)) ? 1 : 0;
  row[2] = field;
  row[3] = (int32_t)(position.bytes / 2);  // UTF-16 input: two bytes per code unit
  row[4] = (int32_t)((position.bytes + size.bytes) / 2);
  row[5] = (int32_t)position.extent.row;
  row[6] = (int32_t)end.row;
  row[7] = (int32_t)end.column;
  row[8] = parent ? parent->index : -1;
  row[9] = -1;
  row[10] = parent ? parent->last_child : -1;
  row[11] = 0;
  if (parent) {
    if (parent->last_child >= 0) out->data[(size_t)parent->last_child * STRIDE + 9] = index;
    out->data[(size_t)parent->index * STRIDE + 11]++;
    parent->last_child = index;
  }
  return index;
}

// Visits the frame's next child: records it if visible, and pushes a frame for it if it
// has children to visit.
static int step(Stacks *stacks, NodeBuffer *out, const TSLanguage *language) {
  Frame *frame = &stacks->frames[stacks->frame_count - 1];
  Subtree child = ts_subtree_children(frame->parent)[frame->child_index];
  Length position = frame->position;
  bool extra = ts_subtree_extra(child);
  uint32_t structural_index = frame->structural_index;
  TSSymbol alias = !extra && frame->aliases ? frame->aliases[structural_index] : 0;
  if (!extra) frame->structural_index++;
  frame->position = length_add(frame->position, ts_subtree_size(child));
  frame->child_index++;
  if (frame->child_index < frame->parent.ptr->child_count) {
    frame->position = length_add(frame->position, ts_subtree_padding(ts_subtree_children(frame->parent)[frame->child_index]));
  }
  int has_children = ts_subtree_child_count(child) > 0;
  if (ts_subtree_visible(child) || alias) {
    if (!reserve_node(out)) return 0;
    int32_t index = record(out, language, child, alias, field_of(frame, extra, structural_index), position, &stacks->parents[stacks->parent_count - 1]);
    if (has_children) return push_parent(stacks, index) && push_frame(stacks, language, child, position, 0, 1);
    return 1;
  }
  // Skipped unless it has visible children: hidden leaves and hidden subtrees of hidden nodes.
  if (ts_subtree_visible_child_count(child) == 0) return 1;
  return push_frame(stacks, language, child, position, field_of(frame, extra, structural_index), 0);
}

int walk_visible_nodes(const TSTree *tree, NodeBuffer *out) {
  const TSLanguage *language = tree->language;
  Subtree root = tree->root;
  Length position = ts_subtree_padding(root);
  if (!reserve_node(out)) return 0;
  int32_t root_index = record(out, language, root, 0, 0, position, NULL);
  if (ts_subtree_child_count(root) == 0) return 1;
  Stacks stacks = {0};
  int ok = push_parent(&stacks, root_index) && push_frame(&stacks, language, root, position, 0, 1);
  while (ok && stacks.frame_count > 0) {
    Frame *frame = &stacks.frames[stacks.frame_count - 1];
    if (frame->child_index == frame->parent.ptr->child_count) {
      if (frame->owns_visible) stacks.parent_count--;
      stacks.frame_count--;
      continue;
    }
    ok = step(&stacks, out, language);
  }
  free(stacks.frames);
  free(stacks.parents);
  return ok;
}
