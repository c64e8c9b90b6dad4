// parse_arena: a per-thread bump allocator for tree-sitter, so that one parse and its tree
// are freed together by dropping the arena instead of object by object (see parse_arena.c).

#ifndef CAIRN_PARSE_ARENA_H
#define CAIRN_PARSE_ARENA_H

#include <stddef.h>

// Points this module's tree-sitter core at the arena. Process-wide and idempotent; the
// arena itself is per thread, so concurrent parses on worker threads never share one.
void parse_arena_install(void);

// Forgets everything allocated on this thread since the last reset: the parser, its tree
// and all their parts. Nothing allocated before must be used afterwards. Keeps a few
// chunks for the next parse.
void parse_arena_reset(void);

// Bytes of chunks this thread holds, in use or kept for the next parse.
size_t parse_arena_held_bytes(void);

// Gives this thread's chunks back to the system (when its Node environment goes away).
void parse_arena_release(void);

#endif
