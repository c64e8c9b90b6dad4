import { describe, expect, it } from 'vitest';
import type { SymbolRecord } from '../../core/entities.js';
import { fileMetaOf } from './file-meta.js';
import { moduleDoc } from './module-doc.js';
import { domainOf, moduleName } from './module-path.js';

describe('moduleDoc', () => {
  it("reads Python's module docstring, past a shebang and an encoding line", () => {
    const text = '#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n"""Rational numbers and\nthe arithmetic on them.\n\nMore detail.\n"""\nimport x\n';
    expect(moduleDoc('python', text)).toBe('Rational numbers and the arithmetic on them.');
  });

  it('reads a one-line docstring with a prefix', () => {
    expect(moduleDoc('python', 'r"""Raw docstring here."""\n')).toBe('Raw docstring here.');
  });

  it('passes over a license header to the comment that describes the file', () => {
    const text = '# Copyright (c) 2020 Someone\n# Licensed under MIT\n\n# Parses CSV headers.\nimport csv\n';
    expect(moduleDoc('python', text)).toBe('Parses CSV headers.');
  });

  it('gives nothing when the file opens with code', () => {
    expect(moduleDoc('python', 'import os\n"""not a module docstring"""\n')).toBeNull();
    expect(moduleDoc('typescript', "import { x } from './x';\n// later comment\n")).toBeNull();
  });

  it('reads a JSDoc block, leaving out tags that only label it', () => {
    const text = "/**\n * @module\n * CORS middleware: adds the headers\n * a browser checks.\n *\n * @param x nothing\n */\nexport const cors = 1;\n";
    expect(moduleDoc('typescript', text)).toBe('CORS middleware: adds the headers a browser checks.');
  });

  it("reads Rust's inner doc lines and Go's package comment", () => {
    expect(moduleDoc('rust', '//! Reading and writing\n//! of frames.\n\nuse std::io;\n')).toBe('Reading and writing of frames.');
    expect(moduleDoc('go', '// Package cache keeps recent answers.\npackage cache\n')).toBe('Package cache keeps recent answers.');
  });

  it('skips directives that only configure tools', () => {
    expect(moduleDoc('javascript', "'use strict';\n/* eslint-disable */\n// Builds the bundle.\nmodule.exports = 1;\n")).toBe('Builds the bundle.');
  });

  it("gives a docs file's first heading", () => {
    expect(moduleDoc('markdown', '\n# Deploying cairn\n\ntext\n')).toBe('Deploying cairn');
    expect(moduleDoc('rst', '=====\nUsage\n=====\n')).toBe('Usage');
  });

  it('cuts a long paragraph at a word', () => {
    const doc = moduleDoc('python', `"""${'word '.repeat(200)}"""\n`)!;
    expect(doc.length).toBeLessThanOrEqual(401);
    expect(doc.endsWith('word…')).toBe(true);
  });
});

describe('moduleName and domainOf', () => {
  it.each([
    ['sympy/core/basic.py', 'python', 'sympy.core.basic', 'sympy/core'],
    ['src/prefect/server/__init__.py', 'python', 'prefect.server', 'prefect/server'],
    ['src/middleware/cors/index.ts', 'typescript', 'src/middleware/cors', 'middleware/cors'],
    ['packages/vite/src/node/server/index.ts', 'typescript', 'packages/vite/src/node/server', 'vite/node'],
    ['core/src/main/java/org/acme/Cart.java', 'java', 'org.acme.Cart', 'core'],
    ['src/io/mod.rs', 'rust', 'crate::io', 'io'],
    ['src/lib.rs', 'rust', 'crate', null],
    ['internal/cache/store.go', 'go', 'internal/cache', 'cache'],
    ['setup.py', 'python', 'setup', null],
    ['README.md', 'markdown', 'README.md', null],
  ] as const)('%s → %s, %s', (path, language, module, domain) => {
    expect(moduleName(path, language)).toBe(module);
    expect(domainOf(path)).toBe(domain);
  });
});

describe('fileMetaOf', () => {
  it('lists each top-level name once, in source order', () => {
    const symbol = (name: string, parent: string | null): SymbolRecord =>
      ({ name, parent, key: `a.py::${parent ? `${parent}.` : ''}${name}` }) as SymbolRecord;
    const meta = fileMetaOf('shop/a.py', 'python', '"""Doc."""\n', [symbol('Cart', null), symbol('total', 'Cart'), symbol('helper', null), symbol('helper', null)]);
    expect(meta).toEqual({ path: 'shop/a.py', module: 'shop.a', domain: 'shop', doc: 'Doc.', topLevel: ['Cart', 'helper'] });
  });
});
