import { describe, expect, it } from 'vitest';
import type { Language } from '../../../core/entities.js';
import { regexExtract } from './index.js';
import { SAMPLES } from './samples.fixture.js';

type SymbolRow = [qualifiedName: string, kind: string, startLine: number, endLine: number, parent: string | null, exported: boolean];
type ImportRow = [specifier: string, names: string[], line: number, kind: string];
/** fromKey without the "f::" path prefix ("f" for module level). */
type ReferenceRow = [from: string, qualifier: string | null, name: string, kind: string, line: number];

const EXPECTED: Record<keyof typeof SAMPLES, { symbols: SymbolRow[]; imports: ImportRow[]; references: ReferenceRow[] }> = {
  python: {
    symbols: [
      ["top","function",8,20,null,true],
      ["Foo","class",22,31,null,true],
      ["Foo.method","method",26,29,"Foo",true],
      ["Foo._private","method",31,31,"Foo",false],
      ["after","function",33,33,null,true],
    ],
    imports: [
      ["os",[],2,"static"],
      ["sys",[],2,"static"],
      [".pkg",["a","b"],3,"static"],
      ["..x",["*"],5,"static"],
    ],
    references: [
      ["top",null,"decorator","call",8],
      ["top",null,"inner","call",17],
      ["top","helper","run","call",20],
      ["Foo.method","self","other","call",27],
      ["Foo.method","super()","__init__","call",28],
      ["Foo",null,"Base","inherit",22],
      ["Foo","mod","Other","inherit",22],
    ],
  },
  typescript: {
    symbols: [
      ["foo","function",11,15,null,true],
      ["Klass","class",17,24,null,true],
      ["Klass.constructor","method",19,19,"Klass",true],
      ["Klass.method","method",20,22,"Klass",true],
      ["Klass.arrow","method",23,23,"Klass",true],
      ["fn","function",26,28,null,true],
      ["Shape","interface",29,29,null,false],
      ["Alias","type",30,30,null,false],
      ["Color","enum",31,31,null,false],
      ["default","function",32,32,null,true],
    ],
    imports: [
      ["./x",["default","a","b","D"],1,"static"],
      ["../y",["*"],2,"static"],
      ["./side",[],3,"static"],
      ["./z",["*"],4,"reexport"],
      ["./q",["q"],5,"reexport"],
      ["./lazy",[],6,"dynamic"],
      ["./r",[],7,"dynamic"],
    ],
    references: [
      ["foo",null,"bar","call",12],
      ["foo","ns","baz","call",13],
      ["foo","ns.baz()","qux","call",13],
      ["Klass.method","this","other","call",21],
      ["Klass",null,"Base","inherit",17],
      ["Klass",null,"I1","inherit",17],
      ["Klass",null,"I2","inherit",17],
    ],
  },
  go: {
    symbols: [
      ["T","struct",9,11,null,true],
      ["Handler","interface",15,17,null,true],
      ["ID","type",18,18,null,true],
      ["T.Method","method",21,23,"T",true],
      ["main","function",25,27,null,false],
    ],
    imports: [
      ["fmt",[],4,"static"],
      ["strings",["str"],5,"static"],
    ],
    references: [
      ["T.Method",null,"helper","call",22],
      ["main","fmt","Println","call",26],
      ["main","str","ToUpper","call",26],
    ],
  },
  rust: {
    symbols: [
      ["S","struct",9,9,null,true],
      ["S.fmt","method",12,14,"S",false],
      ["Tr","trait",17,17,null,true],
      ["inner","module",19,21,null,true],
      ["inner.helper","function",20,20,"inner",true],
      ["square","function",23,23,null,true],
      ["free","function",25,30,null,true],
    ],
    imports: [
      ["crate::a::b",["c","d"],1,"static"],
      ["std",["io"],2,"static"],
      ["std::io",["Read"],2,"static"],
      ["serde",[],3,"static"],
      ["mod:foo",["foo"],4,"static"],
      ["self::foo",["Bar"],5,"static"],
    ],
    references: [
      ["S.fmt",null,"write_it","call",13],
    ],
  },
  java: {
    symbols: [
      ["A","class",9,20,null,true],
      ["A.run","method",10,13,"A",true],
      ["A.gen","method",14,14,"A",false],
      ["A.A","method",15,15,"A",true],
      ["A.Inner","interface",16,16,"A",false],
      ["A.Pair","class",17,19,"A",false],
      ["A.Pair.Pair","method",18,18,"A.Pair",true],
    ],
    imports: [
      ["java.util.List",["List"],2,"static"],
      ["a.b.C",["m"],3,"static"],
      ["a.c",["*"],4,"static"],
    ],
    references: [
      ["A.run",null,"doIt","call",12],
      ["A.Pair.Pair",null,"check","call",18],
      ["A",null,"B","inherit",9],
      ["A",null,"C","inherit",9],
      ["A",null,"D","inherit",9],
    ],
  },
  c: {
    symbols: [
      ["add","function",5,7,null,false],
      ["point","struct",11,13,null,true],
      ["make","function",15,18,null,true],
    ],
    imports: [
      ["foo.h",[],1,"static"],
    ],
    references: [
      ["add",null,"helper","call",6],
      ["make",null,"calloc","call",17],
    ],
  },
  cpp: {
    symbols: [
      ["Widget","class",3,8,null,true],
      ["Widget.Widget","method",5,5,"Widget",true],
      ["Widget.size","method",6,6,"Widget",true],
      ["Widget.other","method",10,12,"Widget",true],
    ],
    imports: [
      ["a.hpp",[],1,"static"],
    ],
    references: [
      ["Widget.Widget",null,"x_","call",5],
      ["Widget.size",null,"compute","call",6],
      ["Widget",null,"Base","inherit",3],
    ],
  },
  csharp: {
    symbols: [
      ["Service","class",6,14,null,true],
      ["Service.RunAsync","method",9,12,"Service",true],
    ],
    imports: [
      ["System",[],1,"static"],
      ["System.IO",["IO"],2,"static"],
    ],
    references: [
      ["Service.RunAsync","Helper","Do","call",11],
      ["Service",null,"IService","inherit",6],
    ],
  },
  kotlin: {
    symbols: [
      ["User","class",6,11,null,true],
      ["User.greet","method",7,7,"User",true],
      ["User.create","method",9,9,"User",true],
      ["shout","function",13,13,null,true],
    ],
    imports: [
      ["a.c.Thing",["Thing"],2,"static"],
      ["a.d",["*"],3,"static"],
    ],
    references: [
      ["User",null,"Base","call",6],
      ["User.create",null,"User","call",9],
      ["shout",null,"uppercase","call",13],
      ["User",null,"Base","inherit",6],
      ["User",null,"Iface","inherit",6],
    ],
  },
  scala: {
    symbols: [
      ["Animal","trait",3,3,null,true],
      ["Dog","class",4,6,null,true],
      ["Dog.speak","method",5,5,"Dog",true],
      ["Main","class",7,7,null,true],
    ],
    imports: [
      ["a.b",["C","D"],1,"static"],
      ["a.c",["*"],2,"static"],
    ],
    references: [
      ["Dog.speak",null,"bark","call",5],
      ["Main",null,"println","call",7],
      ["Dog",null,"Animal","inherit",4],
      ["Dog",null,"Serializable","inherit",4],
    ],
  },
  swift: {
    symbols: [
      ["P","interface",2,2,null,true],
      ["S","struct",3,6,null,true],
      ["S.f","method",4,4,"S",true],
      ["S.init","method",5,5,"S",true],
      ["S.make","method",8,8,"S",true],
    ],
    imports: [
      ["Foundation",[],1,"static"],
    ],
    references: [
      ["S.f",null,"g","call",4],
      ["S.make",null,"S","call",8],
      ["S",null,"P","inherit",3],
      ["S",null,"Codable","inherit",3],
    ],
  },
  php: {
    symbols: [
      ["Ctrl","class",7,12,null,true],
      ["Ctrl.index","method",8,10,"Ctrl",true],
      ["Ctrl.hidden","method",11,11,"Ctrl",false],
      ["free_fn","function",14,14,null,true],
    ],
    imports: [
      ["App\\Models\\User",["User"],3,"static"],
      ["App\\Http",["Request","Response"],4,"static"],
      ["lib/helpers.php",[],5,"static"],
    ],
    references: [
      ["Ctrl.index",null,"view","call",9],
      ["free_fn",null,"strlen","call",14],
      ["Ctrl",null,"Base","inherit",7],
      ["Ctrl",null,"Iface","inherit",7],
    ],
  },
  ruby: {
    symbols: [
      ["Outer","module",4,13,null,true],
      ["Outer.Thing","class",6,12,"Outer",true],
      ["Outer.Thing.initialize","method",7,9,"Outer.Thing",true],
      ["Outer.Thing.build","method",11,11,"Outer.Thing",true],
      ["top_level?","function",15,17,null,true],
    ],
    imports: [
      ["json",[],1,"static"],
      ["./lib/util",[],2,"static"],
    ],
    references: [
      ["Outer.Thing.initialize",null,"compute","call",8],
      ["Outer.Thing","Base","Model","inherit",6],
    ],
  },
  shell: {
    symbols: [
      ["greet","function",5,8,null,true],
      ["other","function",9,11,null,true],
    ],
    imports: [
      ["./lib.sh",[],2,"static"],
    ],
    references: [
    ],
  },
};

function extract(language: keyof typeof SAMPLES) {
  return regexExtract(language as Language, 'f', SAMPLES[language]);
}

describe('regexExtract per language (exact)', () => {
  for (const language of Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]) {
    it(`${language}: symbols, imports and references`, () => {
      const result = extract(language);
      expect(result.method).toBe('regex');
      expect(result.symbols.every((s) => s.method === 'regex')).toBe(true);
      expect(result.symbols.map((s) => [s.qualifiedName, s.kind, s.startLine, s.endLine, s.parent, s.exported])).toEqual(
        EXPECTED[language].symbols,
      );
      expect(result.imports.map((i) => [i.specifier, i.names, i.line, i.kind])).toEqual(EXPECTED[language].imports);
      expect(result.imports.every((i) => i.fromPath === 'f' && i.toPaths.length === 0)).toBe(true);
      expect(
        result.references.map((r) => [r.fromKey.replace(/^f(::)?/, '') || 'f', r.qualifier, r.name, r.kind, r.line]),
      ).toEqual(EXPECTED[language].references.map((r) => [r[0] === 'f' ? 'f' : r[0], ...r.slice(1)]));
    });
  }
});

describe('signatures and docs', () => {
  it('signature: the header up to the body opener, on one line, decorators included', () => {
    const sig = (language: keyof typeof SAMPLES, name: string) =>
      extract(language).symbols.find((s) => s.qualifiedName === name)?.signature;
    expect(sig('python', 'top')).toBe('@decorator( # a comment inside the decorator "arg", ) def top(a, b=1) -> int:');
    expect(sig('typescript', 'foo')).toBe('export async function foo<T>(x: T): Promise<{ ok: boolean }>');
    expect(sig('go', 'T.Method')).toBe('func (t *T) Method(x int) int');
    expect(sig('rust', 'free')).toBe('pub fn free<T>(t: T) -> u8 where T: Clone,');
    expect(sig('java', 'A.run')).toBe('@Override public void run()');
    expect(sig('ruby', 'Outer.Thing')).toBe('class Thing < Base::Model');
  });

  it('doc: Python docstrings before comments; comment blocks above, across attributes', () => {
    const doc = (language: keyof typeof SAMPLES, name: string) =>
      extract(language).symbols.find((s) => s.qualifiedName === name)?.doc;
    expect(doc('python', 'top')).toBe('Top doc.\n\nMore.');
    expect(doc('typescript', 'foo')).toBe('Doc for foo.');
    expect(doc('go', 'T')).toBe('T is a thing.');
    expect(doc('go', 'Handler')).toBe('Handler handles.');
    expect(doc('rust', 'S')).toBe('A doc.');
    expect(doc('java', 'A')).toBe('Class doc.');
    expect(doc('c', 'add')).toBe('Adds.');
    expect(doc('ruby', 'Outer.Thing')).toBe('A class.');
    expect(doc('shell', 'greet')).toBe('Says hi.');
    expect(doc('python', 'Foo')).toBeNull();
  });

  it('keys: unique within a file, repeats get "#2", "#3"', () => {
    const result = regexExtract('python', 'm.py', 'def f():\n    pass\n\ndef f():\n    pass\n\ndef f(): pass\n');
    expect(result.symbols.map((s) => [s.key, s.qualifiedName])).toEqual([
      ['m.py::f', 'f'],
      ['m.py::f#2', 'f'],
      ['m.py::f#3', 'f'],
    ]);
  });

  it('byte offsets are UTF-8 and span the definition', () => {
    const source = '# héllo wörld 🎉\nclass Ünïcode:\n    def método(self):\n        return "ß"\n';
    const result = regexExtract('python', 'u.py', source);
    const bytes = Buffer.from(source, 'utf8');
    const texts = result.symbols.map((s) => bytes.subarray(s.startByte, s.endByte).toString('utf8'));
    expect(texts).toEqual(['class Ünïcode:\n    def método(self):\n        return "ß"', 'def método(self):\n        return "ß"']);
  });

  it('marks languages without a grammar with a parse note', () => {
    expect(regexExtract('ruby', 'a.rb', 'def x; end').parseNote).toBe('no grammar');
    expect(regexExtract('python', 'a.py', 'def x(): pass').parseNote).toBeNull();
    expect(regexExtract('markdown', 'a.md', '# Title')).toEqual({
      method: 'regex',
      parseNote: 'no grammar',
      symbols: [],
      imports: [],
      references: [],
    });
  });
});
