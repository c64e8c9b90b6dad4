// Java, Kotlin, Scala, C# and Swift imports.
// Java (contract): `import a.b.C;` → "a.b.C" with ["C"]; `import a.b.*;` → "a.b" with ["*"];
// `import static a.b.C.m;` → "a.b.C" with ["m"]. Kotlin follows Java; Scala adds
// `a.b.{C, D => E}` and `a.b._`; C# `using A.B;` → "A.B" ([alias] when aliased); Swift
// `import A` → "A".

import type { Scanned } from '../scan.js';
import { compact, type ImportSink, linesStarting, splitTopLevel } from './statements.js';

const JAVA_IMPORT = /^import\s+(?<static>static\s+)?(?<path>[\w$.\s]+?)(?<star>\.\s*\*)?\s*;/;
const KOTLIN_IMPORT = /^import\s+(?<path>[\w.`]+?)(?<star>\.\*)?(?:\s+as\s+\w+)?\s*(?:;|$)/;
const SCALA_IMPORT = /^import\s+(?<list>.+)$/;
const CSHARP_USING = /^(?:global\s+)?using\s+(?<static>static\s+)?(?:(?<alias>\w+)\s*=\s*)?(?<path>[\w.]+(?:<[^>;]*>)?)\s*;/;
const SWIFT_IMPORT = /^(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(?<path>[\w.]+)/;

export function javaImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, head } of linesStarting(scanned, /^import\s/)) {
    const m = JAVA_IMPORT.exec(head);
    if (!m?.groups) continue;
    const path = compact(m.groups['path']!);
    if (m.groups['star']) sink(path, ['*'], line, 'static');
    else if (m.groups['static']) splitLast(path, (owner, member) => sink(owner, [member], line, 'static'));
    else sink(path, [path.slice(path.lastIndexOf('.') + 1)], line, 'static');
  }
}

export function kotlinImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, head } of linesStarting(scanned, /^import\s/)) {
    const m = KOTLIN_IMPORT.exec(head);
    if (!m?.groups) continue;
    const path = m.groups['path']!.replace(/`/g, '');
    if (m.groups['star']) sink(path, ['*'], line, 'static');
    else sink(path, [path.slice(path.lastIndexOf('.') + 1)], line, 'static');
  }
}

export function scalaImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, head } of linesStarting(scanned, /^import\s/)) {
    const list = SCALA_IMPORT.exec(head)?.groups?.['list'];
    if (!list) continue;
    for (const clause of splitTopLevel(list)) scalaClause(compact(clause), line, sink);
  }
}

function scalaClause(clause: string, line: number, sink: ImportSink): void {
  const brace = clause.indexOf('.{');
  if (brace >= 0) {
    const names = splitTopLevel(clause.slice(brace + 2).replace(/\}$/, ''))
      .map((item) => item.split(/=>|\bas\b/)[0]!)
      .map((name) => (name === '_' || name === 'given' ? '*' : name))
      .filter((name) => name !== '');
    sink(clause.slice(0, brace), names, line, 'static');
    return;
  }
  if (/\.(?:_|\*|given)$/.test(clause)) {
    sink(clause.replace(/\.(?:_|\*|given)$/, ''), ['*'], line, 'static');
    return;
  }
  const path = clause.replace(/`/g, '');
  if (/^[\w.]+$/.test(path)) sink(path, [path.slice(path.lastIndexOf('.') + 1)], line, 'static');
}

export function csharpImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, head } of linesStarting(scanned, /^(?:global\s+)?using\s+(?!var\b|\()/)) {
    const m = CSHARP_USING.exec(head);
    if (!m?.groups) continue;
    const alias = m.groups['alias'];
    sink(m.groups['path']!, alias ? [alias] : [], line, 'static');
  }
}

export function swiftImports(scanned: Scanned, sink: ImportSink): void {
  for (const { line, head } of linesStarting(scanned, /^(?:@\w+\s+)*import\s/)) {
    const path = SWIFT_IMPORT.exec(head)?.groups?.['path'];
    if (path) sink(path, [], line, 'static');
  }
}

function splitLast(path: string, use: (owner: string, member: string) => void): void {
  const dot = path.lastIndexOf('.');
  if (dot > 0) use(path.slice(0, dot), path.slice(dot + 1));
}
