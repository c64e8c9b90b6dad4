import { describe, expect, it } from 'vitest';
import { classifyFile } from './classify.js';
import { languageNamed } from './language.js';

const plain = { isTest: false, isExample: false, isVendored: false, isGenerated: false };

describe('classifyFile: language and kind', () => {
  it.each([
    ['src/a.ts', 'typescript', 'code'],
    ['types/index.d.ts', 'typescript', 'code'],
    ['ui/App.tsx', 'tsx', 'code'],
    ['ui/App.jsx', 'javascript', 'code'],
    ['lib/x.mjs', 'javascript', 'code'],
    ['lib/x.cjs', 'javascript', 'code'],
    ['pkg/mod.py', 'python', 'code'],
    ['pkg/mod.pyi', 'python', 'code'],
    ['cmd/main.go', 'go', 'code'],
    ['src/lib.rs', 'rust', 'code'],
    ['src/main/java/a/B.java', 'java', 'code'],
    ['native/x.h', 'c', 'code'],
    ['native/x.hpp', 'cpp', 'code'],
    ['App/Program.cs', 'csharp', 'code'],
    ['lib/task.rake', 'ruby', 'code'],
    ['Gemfile', 'ruby', 'code'],
    ['app/Main.kt', 'kotlin', 'code'],
    ['scripts/setup.sh', 'shell', 'code'],
    ['README.md', 'markdown', 'doc'],
    ['docs/page.mdx', 'markdown', 'doc'],
    ['docs/index.rst', 'rst', 'doc'],
    ['notes.txt', 'text', 'doc'],
    ['README', 'text', 'doc'],
    ['LICENSE-MIT', 'text', 'doc'],
    ['CHANGES', 'text', 'doc'],
    ['CHANGELOG.rst', 'rst', 'doc'],
    ['package.json', 'json', 'config'],
    ['.github/workflows/ci.yml', 'yaml', 'config'],
    ['pyproject.toml', 'toml', 'config'],
    ['Pipfile', 'toml', 'config'],
    ['setup.cfg', 'other', 'config'],
    ['Dockerfile', 'other', 'config'],
    ['requirements-dev.txt', 'text', 'config'],
    ['go.mod', 'other', 'config'],
    ['.gitignore', 'other', 'config'],
    ['assets/logo.png', 'other', 'other'],
  ])('%s is %s / %s', (path, language, kind) => {
    expect(classifyFile(path, '')).toMatchObject({ language, kind });
  });

  it.each([
    ['#!/usr/bin/env python3\nimport sys\n', 'python'],
    ['#!/usr/bin/python3.11 -u\n', 'python'],
    ['#!/usr/bin/env -S node --no-warnings\n', 'javascript'],
    ['#!/usr/bin/env LANG=C bash\n', 'shell'],
    ['#!/bin/sh\nset -e\n', 'shell'],
    ['#! /usr/bin/env ts-node\n', 'typescript'],
    ['#!/usr/bin/env perl\n', 'other'],
    ['print("no shebang")\n', 'other'],
  ])('reads the interpreter of an extensionless script: %j → %s', (head, language) => {
    expect(classifyFile('bin/tool', head).language).toBe(language);
  });

  it('prefers the extension to a shebang', () => {
    expect(classifyFile('bin/tool.sh', '#!/usr/bin/env python\n').language).toBe('shell');
  });
});

describe('classifyFile: tests, examples, vendored', () => {
  it.each([
    'tests/test_flows.py',
    'test/unit/helpers.ts',
    'src/__tests__/a.ts',
    'spec/models/user_spec.rb',
    'pkg/test_core.py',
    'pkg/core_test.py',
    'conftest.py',
    'app/tests.py',
    'server/handler_test.go',
    'ui/Button.test.tsx',
    'ui/button.spec.js',
    'src/test/java/a/Helper.java',
    'src/main/java/a/ParserTest.java',
    'src/main/java/a/ParserTests.java',
    'Tests/AppTests.swift',
    'go/testdata/input.json',
    'src/__mocks__/fs.ts',
    'src/__fixtures__/config.ts',
  ])('%s is a test', (path) => {
    expect(classifyFile(path, '').isTest).toBe(true);
  });

  it.each([
    'src/prefect/testing/utilities.py',
    'src/contest.py',
    'src/main/java/a/Contest.java',
    'src/main/java/a/Test.java',
    'src/attestation.py',
    'docs/testing.md',
    'src/latest_tests_helper.py',
  ])('%s is not a test', (path) => {
    expect(classifyFile(path, '').isTest).toBe(false);
  });

  it('recognises example folders, and only folders', () => {
    expect(classifyFile('examples/flows/etl.py', '').isExample).toBe(true);
    expect(classifyFile('docs/Samples/a.ts', '').isExample).toBe(true);
    expect(classifyFile('docs_src/tutorial/app.py', '').isExample).toBe(true);
    expect(classifyFile('demo/index.js', '').isExample).toBe(true);
    expect(classifyFile('playground/ssr/src/app.tsx', '').isExample).toBe(true);
    expect(classifyFile('src/example.py', '').isExample).toBe(false);
    expect(classifyFile('src/examples_util.py', '').isExample).toBe(false);
  });

  it('recognises vendored folders', () => {
    expect(classifyFile('vendor/github.com/x/y.go', '').isVendored).toBe(true);
    expect(classifyFile('src/pip/_vendor/requests/api.py', '').isVendored).toBe(true);
    expect(classifyFile('third_party/zlib/zlib.h', '').isVendored).toBe(true);
    expect(classifyFile('node_modules/a/index.js', '').isVendored).toBe(true);
    expect(classifyFile('src/vendors.py', '').isVendored).toBe(false);
    expect(classifyFile('src/vendoring/plan.py', '').isVendored).toBe(false);
  });

  it('returns all priors false for an ordinary source file', () => {
    expect(classifyFile('src/prefect/flows.py', 'from x import y\n')).toEqual({ language: 'python', kind: 'code', ...plain });
  });
});

describe('classifyFile: generated code', () => {
  it.each([
    'static/app.min.js',
    'static/site.min.css',
    'proto/api_pb2.py',
    'proto/api_pb2_grpc.py',
    'proto/api_pb2.pyi',
    'api/service.pb.go',
    'src/schema.generated.ts',
    'lib/model.g.dart',
    'package-lock.json',
    'yarn.lock',
    'poetry.lock',
    'Cargo.lock',
    'pnpm-lock.yaml',
    'go.sum',
    'ui/__snapshots__/a.test.tsx.snap',
  ])('%s is generated by its name', (path) => {
    expect(classifyFile(path, '').isGenerated).toBe(true);
  });

  it.each([
    ['// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n', 'api/x.go'],
    ['# -*- coding: utf-8 -*-\n# Generated by the protocol buffer compiler.  DO NOT EDIT!\n', 'x.py'],
    ['/**\n * @generated SignedSource<<abc>>\n */\n', 'x.js'],
    ['#\n# This file is autogenerated by pip-compile with Python 3.11\n', 'requirements.txt'],
    ['// <auto-generated>\n//   This code was generated by a tool.\n', 'X.cs'],
    ['<!-- This file is automatically generated. Do not edit. -->\n# CLI\n', 'docs/cli.md'],
    ['# Autogenerated by devscripts/update-version.py\n\n__version__ = "1"\n', 'pkg/version.py'],
    ['"""This module was generated by openapi-generator."""\n', 'client/api.py'],
  ])('%j marks %s as generated', (head, path) => {
    expect(classifyFile(path, head).isGenerated).toBe(true);
  });

  it.each([
    ['def generated_names():\n    """Return names. DO NOT EDIT the list by hand, it is generated."""\n', 'x.py'],
    ['x = 1\n' + 'y = 2\n'.repeat(25) + '# @generated\n', 'late.py'],
    ['# Auto-generated API docs\n\n* DO NOT EDIT generated pages\n', 'README.md'],
    ['# Generated by Django 4.2 on 2024-01-01\n', 'app/migrations/0001_initial.py'],
    ["class IE:\n    _TESTS = [{\n        # Auto-generated two-team sport (pixellot)\n", 'extractor/nfhs.py'],
    ['', 'src/generator.py'],
  ])('%j does not mark %s as generated', (head, path) => {
    expect(classifyFile(path, head).isGenerated).toBe(false);
  });
});

describe('languageNamed', () => {
  it("takes cairn's names, extensions and common aliases, in any case", () => {
    expect(['typescript', 'ts', 'TS', '.ts', 'mts'].map(languageNamed)).toEqual(Array(5).fill('typescript'));
    expect(['js', 'jsx', 'JavaScript', 'node'].map(languageNamed)).toEqual(Array(4).fill('javascript'));
    expect(['py', 'python3'].map(languageNamed)).toEqual(['python', 'python']);
    expect(['golang', 'rs', 'c#', 'c++', 'yml', 'md', 'tsx'].map(languageNamed)).toEqual(['go', 'rust', 'csharp', 'cpp', 'yaml', 'markdown', 'tsx']);
  });

  it('is null for anything else, including names inherited from Object', () => {
    expect(['klingon', '', 'constructor', '__proto__', 'toString'].map(languageNamed)).toEqual([null, null, null, null, null]);
  });
});
