// The README's commands are the ones that work, and the fast ones: the quick start installs
// the tarball `npm pack` really makes, the fresh-machine command runs the build `npm ci`
// made (never `npx`, which looks up the registry's unrelated `cairn`), and CI runs exactly
// the README's test command.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };

/** The shell blocks of a `## heading` section, each as its command lines. */
function shellBlocks(heading: string): string[][] {
  const start = README.indexOf(`\n## ${heading}`);
  expect(start, `README section "${heading}"`).toBeGreaterThan(0);
  const end = README.indexOf('\n## ', start + 4);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    match[1]!.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean),
  );
}

describe('the README commands', () => {
  it('quick start: installs the tarball npm pack makes, then runs the installed command', () => {
    const [install, use] = shellBlocks('Quick start: cairn on your own repository');
    expect(install).toEqual(['npm ci && npm pack', `npm install -g ./${PACKAGE.name}-${PACKAGE.version}.tgz`]);
    expect(Object.keys(PACKAGE.bin)).toEqual(['cairn']);
    expect(use!.at(-1)).toMatch(/^cairn retrieve "[^"]+"$/);
  });

  it('on a fresh machine: one command sets up and runs the main job from the build, one runs the tests', () => {
    const blocks = shellBlocks('On a fresh machine (this repository)');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveLength(1);
    expect(blocks[0]![0]).toMatch(/^npm ci && node bin\/cairn\.js retrieve "[^"]+"$/);
    expect(blocks[1]).toEqual(['npm test']);
  });

  it('never tells anyone to run cairn through npx', () => {
    const commands = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(commands.filter((block) => /\bnpx\s+cairn\b/.test(block))).toEqual([]);
  });

  it('CI runs exactly the README test command, last', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
    expect(ci.at(-1)).toBe(shellBlocks('On a fresh machine (this repository)')[1]![0]);
  });
});
