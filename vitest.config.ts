import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Fixture repositories hold test files of their own (an indexed project's tests), not ours.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'],
    // Native addons (better-sqlite3, tree-sitter) are safest in forked processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
