// What a call throws, for a test to look at: the error itself (its type, code, message and
// cause), not only whether one was thrown. A call that returns fails the test.

export function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw; it returned');
}
