// `cairn --help` lists every command from its summary (faces/cli/command-summaries.ts)
// without loading the command modules, so that it costs what a light command does: the
// list must read exactly as the commands loaded would print it, and nothing may be loaded.

import { describe, expect, it } from 'vitest';
import { COMMAND_SUMMARIES } from '../../src/faces/cli/command-summaries.js';
import type { Io } from '../../src/faces/cli/io.js';
import { buildProgram } from '../../src/faces/cli/main.js';
import { MAX_IMPACT_DEPTH } from '../../src/operations/targets.js';

const io: Io = { out: () => undefined, err: () => undefined, interactive: false, debug: false, env: {}, version: '0', logFlags: {}, setExitCode: () => undefined, exitCode: () => 0 };

describe('cairn --help', () => {
  it('lists every command exactly as the loaded commands describe themselves', async () => {
    const listed = await buildProgram(io);
    const loaded = await buildProgram(io, 'all');
    expect(listed.helpInformation()).toBe(loaded.helpInformation());
    expect(listed.commands.map((command) => command.name())).toEqual(loaded.commands.map((command) => command.name()));
  });

  it('loads no command module (a listed command has no action)', async () => {
    const listed = await buildProgram(io);
    for (const command of listed.commands) expect((command as unknown as { _actionHandler: unknown })._actionHandler, command.name()).toBeNull();
    const one = await buildProgram(io, 'status');
    expect((one.commands[0] as unknown as { _actionHandler: unknown })._actionHandler).not.toBeNull();
  });

  it("says impact's real depth", () => {
    expect(COMMAND_SUMMARIES.impact.summary).toContain(`up to ${MAX_IMPACT_DEPTH} hops`);
  });
});
