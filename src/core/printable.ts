// Names read from a repository (file paths, symbol keys, doc headings) may hold control
// characters: a file named "fake\n    src/secret.py" would print as an extra result line,
// one holding ANSI escapes could rewrite the terminal. Human-readable output escapes them;
// JSON output needs nothing (JSON.stringify escapes them already).

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * The text with C0/C1 control characters, DEL, line and paragraph separators and the
 * bidirectional overrides (which can make text read in another order) escaped as \n,
 * \x1b, \u202e. Everything else, non-ASCII letters included, is kept.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, escapeOne);
}

