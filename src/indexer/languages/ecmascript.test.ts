import { describe, expect, it } from 'vitest';
import { bytesOf, extractSource, importRows, readFixture, referenceRows, symbolNamed, symbolRows } from './test-support.fixture.js';

describe('typescript extraction', () => {
  const path = 'src/store/widget-store.ts';
  const source = readFixture('widget-store.ts.txt');
  const extraction = extractSource('typescript', path, source);

  it('finds classes, members, overloads, interfaces, types, enums, constants and namespaces', () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['WidgetStore', 'class', null, true, 13, 38],
      ['WidgetStore.onChange', 'method', 'WidgetStore', true, 16, 16],
      ['WidgetStore.constructor', 'method', 'WidgetStore', true, 18, 20],
      ['WidgetStore.size', 'method', 'WidgetStore', true, 22, 24],
      ['WidgetStore.size#2', 'method', 'WidgetStore', true, 26, 28],
      ['WidgetStore.find#1', 'method', 'WidgetStore', true, 30, 30],
      ['WidgetStore.find#2', 'method', 'WidgetStore', true, 31, 31],
      ['WidgetStore.find', 'method', 'WidgetStore', true, 32, 35],
      ['WidgetStore.find.load', 'method', 'WidgetStore.find', false, 33, 33],
      ['WidgetStore.#secret', 'method', 'WidgetStore', false, 37, 37],
      ['Store', 'interface', null, true, 40, 42],
      ['Shape', 'type', null, true, 45, 45],
      ['Color', 'enum', null, false, 47, 47],
      ['DEFAULT_SIZE', 'constant', null, true, 49, 49],
      ['MAX_SIZE', 'constant', null, true, 49, 49],
      ['loadWidgets', 'function', null, true, 51, 54],
      ['localHelper', 'function', null, true, 56, 59],
      ['localHelper.nested', 'function', 'localHelper', false, 57, 57],
      ['overloaded#1', 'function', null, true, 61, 61],
      ['overloaded#2', 'function', null, true, 62, 62],
      ['overloaded', 'function', null, true, 63, 65],
      ['Geometry', 'module', null, false, 67, 70],
      ['Geometry.ORIGIN', 'constant', 'Geometry', true, 68, 68],
      ['Geometry.distance', 'function', 'Geometry', true, 69, 69],
    ]);
  });

  it('takes signatures up to the body, export keyword and decorators included', () => {
    expect(symbolNamed(extraction, 'WidgetStore').signature).toBe(
      "@Injectable({ scope: 'root' }) export class WidgetStore<T extends Widget> extends BaseStore<T> implements Store, events.Emitter",
    );
    expect(symbolNamed(extraction, 'WidgetStore.onChange').signature).toBe('onChange = (event: ChangeEvent): void =>');
    expect(symbolNamed(extraction, 'WidgetStore.size#2').signature).toBe('set size(value: number)');
    expect(symbolNamed(extraction, 'overloaded#2').signature).toBe('export function overloaded(a: number): number');
    expect(symbolNamed(extraction, 'loadWidgets').signature).toBe(
      'export const loadWidgets = async (source: Source): Promise<Widget[]> =>',
    );
    expect(symbolNamed(extraction, 'Shape').signature).toBe("export type Shape = 'round' | Square");
    expect(symbolNamed(extraction, 'MAX_SIZE').signature).toBe('MAX_SIZE = 20');
  });

  it('joins the contiguous comment block above a definition into its doc', () => {
    expect(symbolNamed(extraction, 'WidgetStore').doc).toBe('é, 日本 — a note before the class.\nA repository of widgets.\n@public');
    expect(symbolNamed(extraction, 'Shape').doc).toBe('Shapes a widget can take.');
    expect(symbolNamed(extraction, 'Color').doc).toBeNull();
  });

  it('stores UTF-8 byte offsets after non-ASCII comments', () => {
    const store = symbolNamed(extraction, 'WidgetStore');
    expect(store.startByte).toBe(Buffer.byteLength(source.slice(0, source.indexOf('@Injectable'))));
    expect(store.startByte).toBeGreaterThan(source.indexOf('@Injectable'));
    expect(bytesOf(source, store).startsWith("@Injectable({ scope: 'root' })\nexport class WidgetStore")).toBe(true);
    expect(bytesOf(source, store).endsWith('#secret(): void {}\n}')).toBe(true);
    expect(bytesOf(source, symbolNamed(extraction, 'MAX_SIZE'))).toBe('MAX_SIZE = 20');
    expect(bytesOf(source, symbolNamed(extraction, 'Shape'))).toBe("export type Shape = 'round' | Square;");
  });

  it('records imports, reexports, dynamic import() and destructured require()', () => {
    expect(importRows(extraction)).toEqual([
      ['./util', ['default', 'helper', 'Thing'], 1, 'static'],
      ['node:path', ['*'], 2, 'static'],
      ['@app/config', ['Config'], 3, 'static'],
      ['./polyfill', [], 4, 'static'],
      ['./reexported', ['*'], 5, 'reexport'],
      ['./greek', ['alpha', 'beta'], 6, 'reexport'],
      ['./lazy', [], 52, 'dynamic'],
      ['fs', ['readFile'], 72, 'dynamic'],
    ]);
  });

  it('records calls, new, types, heritage and decorators; skips builtins, type parameters and object-literal members', () => {
    expect(referenceRows(extraction)).toEqual([
      ['WidgetStore', 'Injectable', null, 'call', 13],
      ['WidgetStore', 'Widget', null, 'type', 14],
      ['WidgetStore', 'BaseStore', null, 'inherit', 14],
      ['WidgetStore', 'Store', null, 'inherit', 14],
      ['WidgetStore', 'Emitter', 'events', 'inherit', 14],
      ['WidgetStore.onChange', 'ChangeEvent', null, 'type', 16],
      ['WidgetStore.onChange', 'emit', 'this', 'call', 16],
      ['WidgetStore.constructor', 'Config', null, 'type', 18],
      ['WidgetStore.find.load', 'fetchAll', null, 'call', 33],
      ['WidgetStore.find', 'helper', null, 'call', 34],
      ['WidgetStore.find', 'get', 'this.cache', 'call', 34],
      ['WidgetStore.find', 'join', 'path', 'call', 34],
      ['Store', 'Base', null, 'inherit', 40],
      ['Store', 'Shape', null, 'type', 40],
      ['Shape', 'Square', null, 'type', 45],
      ['loadWidgets', 'Source', null, 'type', 51],
      ['loadWidgets', 'Widget', null, 'type', 51],
      ['loadWidgets', 'load', 'mod', 'call', 53],
      ['localHelper', 'nested', null, 'call', 58],
      ['overloaded', 'Builder', 'Renamed', 'call', 64],
    ]);
  });

  it('tolerates the ERROR nodes tree-sitter-typescript leaves in valid code (variance annotations)', () => {
    const valid = 'export interface Sink<in T> {\n  write(value: T): void;\n}\n\nexport function drain(sink: Sink<number>): void {\n  sink.write(1);\n}\n';
    const result = extractSource('typescript', 'sink.ts', valid);
    expect(result.parseNote).toBe('1 syntax error region');
    expect(symbolRows(result)).toEqual([
      ['Sink', 'interface', null, true, 1, 3],
      ['drain', 'function', null, true, 5, 7],
    ]);
    expect(referenceRows(result)).toContainEqual(['drain', 'write', 'sink', 'call', 6]);
  });
});

describe('tsx extraction', () => {
  const extraction = extractSource('tsx', 'src/ui/ItemList.tsx', readFixture('item-list.tsx.txt'));

  it('finds components and records rendered components as calls', () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['Props', 'interface', null, false, 4, 4],
      ['ItemList', 'function', null, true, 7, 18],
      ['Row', 'function', null, true, 20, 20],
    ]);
    expect(symbolNamed(extraction, 'ItemList').doc).toBe('Renders the list.');
    expect(symbolNamed(extraction, 'Row').signature).toBe('export const Row = ({ item }: { item: Item }) =>');
    expect(importRows(extraction)).toEqual([
      ['react', ['default', 'useState'], 1, 'static'],
      ['./Button', ['Button'], 2, 'static'],
    ]);
    expect(referenceRows(extraction)).toEqual([
      ['Props', 'Item', null, 'type', 4],
      ['ItemList', 'Props', null, 'type', 7],
      ['ItemList', 'useState', null, 'call', 8],
      ['ItemList', 'Header', null, 'call', 11],
      ['ItemList', 'Panel', 'ui', 'call', 12],
      ['ItemList', 'map', 'items', 'call', 13],
      ['ItemList', 'Row', null, 'call', 13],
      ['ItemList', 'setOpen', null, 'call', 13],
      ['ItemList', 'Button', null, 'call', 15],
      ['Row', 'Item', null, 'type', 20],
      ['Row', 'formatItem', null, 'call', 20],
    ]);
  });
});

describe('function-shaped code that is not a declaration', () => {
  const extraction = extractSource('tsx', 'src/plugin.tsx', readFixture('plugin-components.tsx.txt'));

  it("makes a plugin's hooks, wrapped components, hooks' callbacks and wrapped class handlers definitions of their own", () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['cssPlugin', 'function', null, true, 1, 20],
      // a function bound inside a definition; `rows` (a call's value) and `cache` are values
      ['cssPlugin.onFile', 'function', 'cssPlugin', false, 4, 6],
      // methods and function-valued properties of object literals; computed keys are not names
      ['cssPlugin.transform', 'method', 'cssPlugin', false, 9, 11],
      ['cssPlugin.render-chunk', 'method', 'cssPlugin', false, 12, 14],
      ['cssPlugin.manualChunks', 'method', 'cssPlugin', false, 16, 16],
      // a call wrapping a function literal: the component is a function with that body
      ['Button', 'function', null, true, 22, 27],
      ['Button.handleClick', 'function', 'Button', false, 23, 25],
      ['Memo', 'function', null, true, 29, 29],
      ['debounced', 'function', null, false, 30, 30],
      ['settings', 'constant', null, false, 31, 31],
      ['App', 'class', null, false, 33, 38],
      ['App.onKeyDown', 'method', 'App', false, 34, 36],
    ]);
    expect(symbolNamed(extraction, 'Button').signature).toBe('export const Button = React.forwardRef<HTMLButtonElement, Props>((props, ref) =>');
    expect(symbolNamed(extraction, 'App.onKeyDown').signature).toBe('private onKeyDown = withBatchedUpdates((event: KeyboardEvent) =>');
  });

  it("attributes a hook's references to the hook, not to the whole factory", () => {
    expect(referenceRows(extraction)).toContainEqual(['cssPlugin.transform', 'compile', null, 'call', 10]);
    expect(referenceRows(extraction)).toContainEqual(['App.onKeyDown', 'setState', 'this', 'call', 35]);
  });
});

describe('javascript extraction', () => {
  const extraction = extractSource('javascript', 'lib/loader.js', readFixture('loader.js'));

  it('handles CommonJS: require() imports, exports.x definitions, module.exports marking', () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['lazy', 'function', null, false, 4, 4],
      ['parseConfig', 'function', null, true, 7, 9],
      ['Loader', 'class', null, true, 11, 19],
      ['Loader.handle', 'method', 'Loader', true, 14, 14],
      ['Loader.load', 'method', 'Loader', true, 16, 18],
      ['createLoader', 'function', null, true, 21, 23],
    ]);
    expect(symbolNamed(extraction, 'parseConfig').doc).toBe('Parses a config file.');
    expect(symbolNamed(extraction, 'createLoader').signature).toBe('exports.createLoader = function createLoader(root)');
    expect(importRows(extraction)).toEqual([
      ['fs', [], 2, 'dynamic'],
      ['./paths', ['join', 'resolve'], 3, 'dynamic'],
      ['./lazy.js', [], 4, 'dynamic'],
    ]);
    expect(referenceRows(extraction)).toEqual([
      ['parseConfig', 'readFileSync', 'fs', 'call', 8],
      ['parseConfig', 'resolvePath', null, 'call', 8],
      ['Loader', 'mixin', null, 'call', 11],
      ['Loader.handle', 'dispatch', 'this', 'call', 14],
      ['Loader.load', 'parseConfig', null, 'call', 17],
      ['Loader.load', 'join', null, 'call', 17],
      ['createLoader', 'Loader', null, 'call', 22],
    ]);
  });

  it('names anonymous default exports "default"', () => {
    const result = extractSource('javascript', 'a.js', 'export default function () { run(); }\n');
    expect(symbolRows(result)).toEqual([['default', 'function', null, true, 1, 1]]);
    expect(referenceRows(result)).toEqual([['default', 'run', null, 'call', 1]]);
  });
});
