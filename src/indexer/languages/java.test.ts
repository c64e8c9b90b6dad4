import { describe, expect, it } from 'vitest';
import { bytesOf, extractSource, importRows, readFixture, referenceRows, symbolNamed, symbolRows } from './test-support.fixture.js';

describe('java extraction', () => {
  const source = readFixture('Outer.java');
  const extraction = extractSource('java', 'src/main/java/com/example/app/Outer.java', source);

  it('nests types, methods, constructors, overloads and static final constants', () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['Outer', 'class', null, true, 10, 51],
      ['Outer.MAX', 'constant', 'Outer', true, 13, 13],
      ['Outer.MIN', 'constant', 'Outer', true, 13, 13],
      ['Outer.PREFIX', 'constant', 'Outer', false, 14, 14],
      ['Outer.Outer', 'method', 'Outer', true, 18, 21],
      ['Outer.run', 'method', 'Outer', true, 23, 32],
      ['Outer.helper', 'method', 'Outer', false, 34, 34],
      ['Outer.helper#2', 'method', 'Outer', false, 35, 35],
      ['Outer.Inner', 'class', 'Outer', false, 37, 39],
      ['Outer.Inner.deep', 'method', 'Outer.Inner', false, 38, 38],
      ['Outer.Listener', 'interface', 'Outer', false, 41, 44],
      ['Outer.Listener.CODE', 'constant', 'Outer.Listener', true, 42, 42],
      ['Outer.Listener.onEvent', 'method', 'Outer.Listener', true, 43, 43],
      ['Outer.Mode', 'enum', 'Outer', false, 46, 46],
      ['Outer.Mode.active', 'method', 'Outer.Mode', false, 46, 46],
      ['Outer.Pair', 'class', 'Outer', false, 48, 50],
      ['Outer.Pair.Pair', 'method', 'Outer.Pair', false, 49, 49],
    ]);
  });

  it('takes javadoc, annotations in signatures and UTF-8 byte ranges', () => {
    const outer = symbolNamed(extraction, 'Outer');
    expect(outer.doc).toBe('The outer service — überall 日本.');
    expect(outer.signature).toBe(
      '@Service @com.example.Named("outer") public class Outer<T extends Comparable<T>> extends Base<T> implements Runnable, com.example.Closeable',
    );
    expect(outer.startByte).toBe(Buffer.byteLength(source.slice(0, source.indexOf('@Service'))));
    expect(bytesOf(source, outer).endsWith('Pair { validate(a); }\n    }\n}')).toBe(true);
    expect(symbolNamed(extraction, 'Outer.Outer').doc).toBe('Builds an outer.');
    expect(symbolNamed(extraction, 'Outer.run').signature).toBe('@Override public void run()');
    expect(bytesOf(source, symbolNamed(extraction, 'Outer.PREFIX'))).toBe('private static final String PREFIX = "x";');
    expect(bytesOf(source, symbolNamed(extraction, 'Outer.MIN'))).toBe('MIN = 0');
  });

  it('records single, wildcard and static imports', () => {
    expect(importRows(extraction)).toEqual([
      ['java.util.List', ['List'], 3, 'static'],
      ['java.util.concurrent', ['*'], 4, 'static'],
      ['org.junit.Assert', ['assertEquals'], 5, 'static'],
    ]);
  });

  it('records calls, new, types, supertypes and annotations; anonymous class members stay inside', () => {
    expect(referenceRows(extraction)).toEqual([
      ['Outer', 'Service', null, 'call', 10],
      ['Outer', 'Named', 'com.example', 'call', 11],
      ['Outer', 'Base', null, 'inherit', 12],
      ['Outer', 'Closeable', 'com.example', 'inherit', 12],
      ['Outer.run', 'helper', null, 'call', 25],
      ['Outer.run', 'process', 'this', 'call', 26],
      ['Outer.run', 'parse', 'Util', 'call', 26],
      ['Outer.run', 'requireNonNull', 'java.util.Objects', 'call', 27],
      ['Outer.run', 'List', null, 'type', 28],
      ['Outer.run', 'Item', null, 'type', 28],
      ['Outer.run', 'ArrayList', null, 'call', 28],
      ['Outer.run', 'info', 'log', 'call', 30],
      ['Outer.Inner.deep', 'Thing', 'com.example', 'call', 38],
      ['Outer.Listener', 'EventListener', null, 'inherit', 41],
      ['Outer.Listener.onEvent', 'Event', null, 'type', 43],
      ['Outer.Pair.Pair', 'validate', null, 'call', 49],
    ]);
  });

  it('renders chained calls and constructions in qualifiers', () => {
    const source = 'class T { void t() { assertThat(x).isEqualTo(y); new Builder().add(1).build(); } }\n';
    expect(referenceRows(extractSource('java', 'T.java', source))).toEqual([
      ['T.t', 'isEqualTo', 'assertThat()', 'call', 1],
      ['T.t', 'assertThat', null, 'call', 1],
      ['T.t', 'build', 'new Builder().add()', 'call', 1],
      ['T.t', 'add', 'new Builder()', 'call', 1],
      ['T.t', 'Builder', null, 'call', 1],
    ]);
  });
});
