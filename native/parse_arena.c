// parse_arena: tree-sitter allocates ~10 M small blocks to parse a sympy-sized repository
// and frees them one by one when the parser and tree are deleted. The tree is copied out
// (flat_tree.c) as soon as it is built, so every block of a parse dies at the same time.
// A bump allocator makes malloc a pointer increment and the deletes a reset: ~11 % less
// CPU per parse and no tree walk to free it.
//
// Freed blocks are not reused. Measured on sympy, a parse's total allocation is within a
// few percent of its peak (the parser recycles its own subtrees), so reuse would gain
// little: the largest file, 346 KB, allocates 22.7 MB in all against a 22.5 MB peak.
//
// Blocks carry their size in a 16-byte header, so realloc can copy; the newest block grows
// in place. Alignment is 16 bytes, as malloc's.

#include "parse_arena.h"
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"

#define CHUNK_SIZE ((size_t)1 << 20)
#define HEADER 16
#define MAX_SPARE_CHUNKS 16

typedef struct Chunk {
  struct Chunk *next;
  size_t size;
} Chunk;

typedef struct {
  Chunk *used;        // chunks holding this parse's blocks, newest first
  Chunk *spare;       // standard-size chunks kept for the next parse
  size_t spare_count;
  char *cursor;       // next free byte of the newest chunk
  char *limit;        // end of the newest chunk
  char *newest;       // the last block handed out (it can grow in place)
} Arena;

static _Thread_local Arena arena;

static size_t rounded(size_t size) {
  return (size + HEADER + 15) & ~(size_t)15;
}

static void out_of_memory(size_t size) {
  // tree-sitter's own allocator aborts too: it has no way to report a failed allocation.
  fprintf(stderr, "cairn: tree-sitter failed to allocate %zu bytes\n", size);
  abort();
}

static void open_chunk(size_t need) {
  size_t header = (sizeof(Chunk) + 15) & ~(size_t)15;
  size_t size = need + header > CHUNK_SIZE ? need + header : CHUNK_SIZE;
  Chunk *chunk;
  if (size == CHUNK_SIZE && arena.spare) {
    chunk = arena.spare;
    arena.spare = chunk->next;
    arena.spare_count--;
  } else {
    chunk = malloc(size);
    if (!chunk) out_of_memory(size);
    chunk->size = size;
  }
  chunk->next = arena.used;
  arena.used = chunk;
  arena.cursor = (char *)chunk + header;
  arena.limit = (char *)chunk + size;
}

static void *arena_malloc(size_t size) {
  size_t need = rounded(size);
  if ((size_t)(arena.limit - arena.cursor) < need) open_chunk(need);
  char *block = arena.cursor;
  arena.cursor += need;
  *(size_t *)block = size;
  arena.newest = block + HEADER;
  return arena.newest;
}

static void *arena_calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) out_of_memory(SIZE_MAX);
  void *block = arena_malloc(count * size);
  memset(block, 0, count * size);
  return block;
}

static void arena_free(void *block) {
  (void)block;  // reclaimed by parse_arena_reset
}

static void *arena_realloc(void *block, size_t size) {
  if (!block) return arena_malloc(size);
  size_t old = *(size_t *)((char *)block - HEADER);
  if (block == arena.newest) {
    char *start = (char *)block - HEADER;
    size_t need = rounded(size);
    if ((size_t)(arena.limit - start) >= need) {
      arena.cursor = start + need;
      *(size_t *)start = size;
      return block;
    }
  }
  if (size <= old) return block;
  void *moved = arena_malloc(size);
  memcpy(moved, block, old);
  return moved;
}

static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void install(void) {
  ts_set_allocator(arena_malloc, arena_calloc, arena_realloc, arena_free);
}

// Once per process: a worker loading the module must not rewrite the allocator pointers
// while another thread's parse reads them.
void parse_arena_install(void) {
  pthread_once(&installed, install);
}

void parse_arena_reset(void) {
  Chunk *chunk = arena.used;
  while (chunk) {
    Chunk *next = chunk->next;
    if (chunk->size == CHUNK_SIZE && arena.spare_count < MAX_SPARE_CHUNKS) {
      chunk->next = arena.spare;
      arena.spare = chunk;
      arena.spare_count++;
    } else {
      free(chunk);
    }
    chunk = next;
  }
  arena.used = NULL;
  arena.cursor = arena.limit = arena.newest = NULL;
}

size_t parse_arena_held_bytes(void) {
  size_t bytes = 0;
  for (Chunk *chunk = arena.used; chunk; chunk = chunk->next) bytes += chunk->size;
  for (Chunk *chunk = arena.spare; chunk; chunk = chunk->next) bytes += chunk->size;
  return bytes;
}

void parse_arena_release(void) {
  parse_arena_reset();
  while (arena.spare) {
    Chunk *next = arena.spare->next;
    free(arena.spare);
    arena.spare = next;
  }
  arena.spare_count = 0;
}
