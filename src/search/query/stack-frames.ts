// Stack-trace frames in the formats of Python, JavaScript/TypeScript (V8), Java, Go and
// Rust. Each trace's frames are returned innermost first (`depth` 0 is where the error
// was raised), whatever order the language prints them in.

export interface StackFrame {
  path: string | null;
  line: number | null;
  /** Function or method as printed ("Task.__init__", "com.acme.Foo.bar", "main.run"). */
  func: string | null;
  language: 'python' | 'javascript' | 'java' | 'go' | 'rust';
  /** 0 for the innermost frame of its trace. */
  depth: number;
}

const PYTHON = /^\s*File "([^"]+)", line (\d+)(?:, in ([^\s]+))?/;
const V8_CALL = /^\s*at (?:async )?(?:new )?([^\s(]+(?: \[as [^\]]+\])?) \((?:file:\/\/)?([^()]+?):(\d+)(?::\d+)?\)\s*$/;
const V8_BARE = /^\s*at (?:async )?(?:file:\/\/)?([^\s()]+?):(\d+)(?::\d+)?\s*$/;
const JS_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;
const JAVA = /^\s*at ([\w$.<>]+)\(([\w$-]+\.(?:java|kt|scala)):(\d+)\)/;
const GO_FUNC = /^([\w./*()-]+\.[\w$]+)\(.*\)\s*$/;
const GO_LOCATION = /^\s+(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?\s*$/;
const RUST_FUNC = /^\s*\d+:\s+(?:0x[0-9a-f]+ - )?([\w:<>]+)\s*$/;
const RUST_LOCATION = /^\s*at (\S+\.rs):(\d+)(?::\d+)?\s*$/;
const RUST_PANIC = /panicked at (?:'[^']*', )?(\S+\.rs):(\d+)(?::\d+)?/;

export function parseStackFrames(text: string): StackFrame[] {
  const lines = text.split('\n');
  return [...python(lines), ...v8(lines), ...java(lines), ...go(lines), ...rust(lines)];
}

/** Python prints the innermost frame last; each "Traceback" starts a new trace. */
function python(lines: string[]): StackFrame[] {
  const traces: Omit<StackFrame, 'depth'>[][] = [];
  let current: Omit<StackFrame, 'depth'>[] = [];
  for (const line of lines) {
    if (/^\s*Traceback \(most recent call last\)/.test(line) && current.length) {
      traces.push(current);
      current = [];
    }
    const match = PYTHON.exec(line);
    if (match) current.push({ path: match[1]!, line: Number(match[2]), func: match[3] ?? null, language: 'python' });
  }
  if (current.length) traces.push(current);
  return traces.flatMap((trace) => trace.reverse().map((frame, depth) => ({ ...frame, depth })));
}

/** V8 prints the innermost frame first. */
function v8(lines: string[]): StackFrame[] {
  const out: StackFrame[] = [];
  let depth = 0;
  for (const line of lines) {
    const call = V8_CALL.exec(line);
    const bare = call ? null : V8_BARE.exec(line);
    if (call) out.push({ path: call[2]!, line: Number(call[3]), func: call[1]!.replace(/ \[as .*\]$/, ''), language: 'javascript', depth: depth++ });
    else if (bare) out.push({ path: bare[1]!, line: Number(bare[2]), func: null, language: 'javascript', depth: depth++ });
    else if (!/^\s*at /.test(line)) depth = 0;
  }
  // "at path:line" is also how Rust backtraces print locations: keep JavaScript files only.
  return out.filter((frame) => frame.path !== null && JS_FILE.test(frame.path));
}

function java(lines: string[]): StackFrame[] {
  const out: StackFrame[] = [];
  let depth = 0;
  for (const line of lines) {
    const match = JAVA.exec(line);
    if (!match) {
      if (!/^\s*(at |\.\.\.)/.test(line)) depth = 0;
      continue;
    }
    const qualified = match[1]!;
    const pkg = qualified.split('.').slice(0, -2).join('/');
    const path = pkg ? `${pkg}/${match[2]!}` : match[2]!;
    out.push({ path, line: Number(match[3]), func: qualified, language: 'java', depth: depth++ });
  }
  return out;
}

/** Go: a function line, then its location on the next line; innermost first. */
function go(lines: string[]): StackFrame[] {
  const out: StackFrame[] = [];
  let depth = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (/^goroutine \d+/.test(lines[i]!)) depth = 0;
    const func = GO_FUNC.exec(lines[i]!);
    const location = GO_LOCATION.exec(lines[i + 1]!);
    if (!func || !location) continue;
    out.push({ path: location[1]!, line: Number(location[2]), func: func[1]!, language: 'go', depth: depth++ });
    i++;
  }
  return out;
}

/** Rust: the panic location, then backtrace entries (function line + "at file:line"). */
function rust(lines: string[]): StackFrame[] {
  const out: StackFrame[] = [];
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const panic = RUST_PANIC.exec(lines[i]!);
    if (panic) {
      depth = 0;
      out.push({ path: panic[1]!, line: Number(panic[2]), func: null, language: 'rust', depth: depth++ });
      continue;
    }
    const func = RUST_FUNC.exec(lines[i]!);
    const location = i + 1 < lines.length ? RUST_LOCATION.exec(lines[i + 1]!) : null;
    if (func && location) {
      out.push({ path: location[1]!, line: Number(location[2]), func: func[1]!, language: 'rust', depth: depth++ });
      i++;
    }
  }
  return out;
}
