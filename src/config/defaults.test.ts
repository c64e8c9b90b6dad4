import { describe, expect, it } from 'vitest';
import { defaultConfig } from './defaults.js';
import { configSchema } from './schema.js';

describe('defaultConfig', () => {
  it('is exactly what the schema gives for an empty configuration', () => {
    expect(defaultConfig()).toEqual(configSchema.parse({}));
  });
});
