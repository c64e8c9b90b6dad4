import { describe, expect, it } from 'vitest';
import { bytesOf, extractSource, importRows, readFixture, referenceRows, symbolNamed, symbolRows } from './test-support.fixture.js';

describe('rust extraction', () => {
  const source = readFixture('shapes.rs');
  const extraction = extractSource('rust', 'src/shapes.rs', source);

  it('qualifies impl and trait members by type, keeps inline modules and macros', () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['Point', 'struct', null, true, 13, 16],
      ['Shape', 'trait', null, true, 18, 24],
      ['Shape.area', 'method', 'Shape', true, 20, 20],
      ['Shape.describe', 'method', 'Shape', true, 21, 23],
      ['Kind', 'enum', null, true, 26, 26],
      ['Registry', 'type', null, true, 28, 28],
      ['ORIGIN', 'constant', null, true, 30, 30],
      ['COUNTER', 'constant', null, false, 31, 31],
      ['Point.new', 'method', 'Point', true, 34, 36],
      ['Point.swap', 'method', 'Point', false, 38, 40],
      ['Point.fmt', 'method', 'Point', true, 44, 46],
      ['Circle.area', 'method', 'Circle', true, 50, 50],
      ['geometry', 'module', null, true, 53, 55],
      ['geometry.pi', 'function', 'geometry', true, 54, 54],
      ['square', 'function', null, false, 57, 57],
      ['main', 'function', null, false, 59, 63],
    ]);
  });

  it('reads /// docs across attributes and stores UTF-8 byte ranges', () => {
    const point = symbolNamed(extraction, 'Point');
    expect(point.doc).toBe('A point in space — naïve 🚀.\nCoordinates are in meters.');
    expect(point.signature).toBe('pub struct Point<T: Copy>');
    expect(bytesOf(source, point)).toBe('pub struct Point<T: Copy> {\n    pub x: T,\n    pub y: T,\n}');
    expect(symbolNamed(extraction, 'Shape.area').doc).toBe('Area of the shape.');
    expect(symbolNamed(extraction, 'Shape.area').signature).toBe('fn area(&self) -> f64');
    expect(bytesOf(source, symbolNamed(extraction, 'COUNTER'))).toBe('static mut COUNTER: u32 = 0;');
    expect(symbolNamed(extraction, 'Point.fmt').signature).toBe('fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result');
  });

  it('flattens use trees per path and records file modules', () => {
    expect(importRows(extraction)).toEqual([
      ['std', ['fmt'], 3, 'static'],
      ['crate::units', ['Meters'], 4, 'static'],
      ['crate::units::convert', ['to_feet', 'to_inches'], 4, 'static'],
      ['crate', ['units'], 4, 'static'],
      ['super::registry', ['*'], 5, 'static'],
      ['serde', [], 6, 'static'],
      ['mod:tests', ['tests'], 8, 'static'],
    ]);
  });

  it('records trait impls and supertraits as inherit, calls and macros as calls', () => {
    expect(referenceRows(extraction)).toEqual([
      ['Shape', 'Debug', 'fmt', 'inherit', 18],
      ['Shape', 'Named', null, 'inherit', 18],
      ['Kind', 'Radius', null, 'type', 26],
      ['Registry', 'Shape', null, 'type', 28],
      ['ORIGIN', 'Point', null, 'type', 30],
      ['Point.new', 'Point', null, 'type', 35],
      ['Point', 'Display', 'fmt', 'inherit', 43],
      ['Point.fmt', 'Formatter', 'fmt', 'type', 44],
      ['Point.fmt', 'Result', 'fmt', 'type', 44],
      // Circle is not defined in this file, so its impl header belongs to the file.
      ['<file>', 'Shape', null, 'inherit', 49],
      ['Circle.area', 'pi', 'geometry', 'call', 50],
      ['Circle.area', 'squared', 'self.r', 'call', 50],
      ['main', 'new', 'Point', 'call', 60],
      ['main', 'helper', null, 'call', 61],
      ['main', 'square', null, 'call', 62],
    ]);
  });

  it('renders index expressions in qualifiers and strips raw-identifier prefixes', () => {
    const source = 'fn t() { args[0].run(); r#async(); }\n';
    expect(referenceRows(extractSource('rust', 't.rs', source))).toEqual([
      ['t', 'run', 'args[]', 'call', 1],
      ['t', 'async', null, 'call', 1],
    ]);
  });
});
