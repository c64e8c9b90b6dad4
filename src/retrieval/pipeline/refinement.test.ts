import { describe, expect, it } from 'vitest';
import { EMPTY_REFINEMENT, isEmptyRefinement, mergeRefinements, refinedText, refinementFileSchema } from './refinement.js';

describe('refinement requests', () => {
  it('reads the file form: snake_case keys, a string or a list each', () => {
    expect(refinementFileSchema.parse({ missing_files: 'a.py', missing_tests: ['t1', 't2'], error_signature: 'boom' })).toEqual({
      missingFiles: ['a.py'],
      missingSymbols: [],
      missingTests: ['t1', 't2'],
      errorSignatures: ['boom'],
    });
    expect(refinementFileSchema.safeParse({ missing_file: 'a.py' }).success).toBe(false);
    expect(refinementFileSchema.safeParse({ missing_files: [''] }).success).toBe(false);
  });

  it('merges requests without repeats, earlier first', () => {
    const merged = mergeRefinements({ ...EMPTY_REFINEMENT, missingFiles: ['a.py', 'b.py'] }, { ...EMPTY_REFINEMENT, missingFiles: ['b.py', 'c.py'], missingSymbols: ['f'] });
    expect(merged).toEqual({ missingFiles: ['a.py', 'b.py', 'c.py'], missingSymbols: ['f'], missingTests: [], errorSignatures: [] });
    expect(isEmptyRefinement(EMPTY_REFINEMENT)).toBe(true);
    expect(isEmptyRefinement(merged)).toBe(false);
  });

  it('appends error signatures to the task as code blocks, keeping the title first', () => {
    const text = refinedText('Title\nbody', { ...EMPTY_REFINEMENT, errorSignatures: ['Traceback…\nValueError: x'] });
    expect(text.startsWith('Title\nbody\n\n```\nTraceback…\nValueError: x\n```')).toBe(true);
    expect(refinedText('Title', EMPTY_REFINEMENT)).toBe('Title');
  });
});
