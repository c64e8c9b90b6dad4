// Incremental parser for the output of
//   git log -z --name-status --format=%x1e%H%x00%ct%x00%s%x00%b%x00
// Text arrives in arbitrary pieces; whole commits come out as soon as the next one starts.
// Tokens are NUL-separated. Git puts a newline (and empty tokens) between a commit's
// header and its file list, hence the trimming of leading newlines on status tokens only.

export const LOG_FORMAT = '--format=%x1e%H%x00%ct%x00%s%x00%b%x00';

const COMMIT_MARK = '\x1e';
const HEADER_FIELDS = 4;

export interface FileChange {
  /** Status letter: A, M, D, T, R (renamed), C (copied), ... */
  status: string;
  path: string;
  /** The path before a rename or copy. */
  fromPath?: string;
}

export interface ParsedCommit {
  sha: string;
  time: number;
  subject: string;
  body: string;
  changes: FileChange[];
}

type State =
  | { expect: 'header'; fields: string[] }
  | { expect: 'status' }
  | { expect: 'path'; status: string; fromPath: string | null; pathsLeft: number };

export class GitLogParser {
  private partial = '';
  private state: State = { expect: 'status' };
  private current: ParsedCommit | null = null;

  /** Feeds more output; returns the commits completed by it. */
  feed(text: string): ParsedCommit[] {
    const done: ParsedCommit[] = [];
    const tokens = (this.partial + text).split('\0');
    this.partial = tokens.pop() ?? '';
    for (const token of tokens) this.take(token, done);
    return done;
  }

  /** Call once the output has ended; returns the last commit. */
  end(): ParsedCommit[] {
    const done: ParsedCommit[] = [];
    if (this.partial !== '') this.take(this.partial, done);
    this.partial = '';
    if (this.current) done.push(this.current);
    this.current = null;
    return done;
  }

  private take(token: string, done: ParsedCommit[]): void {
    const state = this.state;
    if (state.expect === 'header') {
      state.fields.push(token);
      if (state.fields.length === HEADER_FIELDS) this.startCommit(state.fields);
      return;
    }
    if (state.expect === 'path') {
      this.takePath(state, token);
      return;
    }
    const trimmed = token.replace(/^\n+/, '');
    if (trimmed === '') return;
    if (trimmed.startsWith(COMMIT_MARK)) {
      if (this.current) done.push(this.current);
      this.current = null;
      this.state = { expect: 'header', fields: [trimmed.slice(1)] };
      return;
    }
    const renameOrCopy = trimmed[0] === 'R' || trimmed[0] === 'C';
    this.state = { expect: 'path', status: trimmed[0]!, fromPath: null, pathsLeft: renameOrCopy ? 2 : 1 };
  }

  private takePath(state: Extract<State, { expect: 'path' }>, token: string): void {
    if (state.pathsLeft === 2) {
      this.state = { ...state, fromPath: token, pathsLeft: 1 };
      return;
    }
    const change: FileChange = { status: state.status, path: token };
    if (state.fromPath !== null) change.fromPath = state.fromPath;
    this.current?.changes.push(change);
    this.state = { expect: 'status' };
  }

  private startCommit(fields: string[]): void {
    const [sha = '', time = '0', subject = '', body = ''] = fields;
    this.current = { sha, time: Number.parseInt(time, 10) || 0, subject, body: body.trimEnd(), changes: [] };
    this.state = { expect: 'status' };
  }
}
