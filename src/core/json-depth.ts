// How deeply JSON nests, checked before anything recursive touches it. A JSON value nested
// 100,000 deep parses (JSON.parse does not recurse on the stack) but then overflows the stack
// of whatever walks it — the zod validator formatting its message, a deep clone, a printer —
// and the request died as an internal error. Inputs are refused past a depth no real
// request, bundle or backup line comes near.

/** Deeper than any request, handoff bundle or configuration cairn reads. */
export const MAX_JSON_DEPTH = 64;

/** True when the JSON text opens more than `maxDepth` arrays/objects inside one another (strings are skipped). Linear, no recursion. */
export function jsonTextTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** True when a parsed value nests arrays/objects more than `maxDepth` deep. Iterative: safe on any depth. */
export function valueTooDeep(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    if (depth + 1 > maxDepth) return true;
    seen.add(current);
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
