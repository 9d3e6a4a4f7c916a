import { describe, expect, it } from 'vitest';
import { classifyError } from './http/errorClassification.ts';
import { isStorageFault, storageFaultCode } from './storageFault.ts';

const fsError = (code: string) => Object.assign(new Error(`${code}: write failed`), { code });

describe('storage faults', () => {
  it('are recognised directly or wrapped in a query error', () => {
    expect(storageFaultCode(fsError('ENOSPC'))).toBe('ENOSPC');
    expect(storageFaultCode(new Error('insert failed', { cause: fsError('EROFS') }))).toBe('EROFS');
    expect(isStorageFault(fsError('EACCES'))).toBe(true);
  });

  it('include the database reporting its own disk full', () => {
    expect(
      storageFaultCode(
        new Error('Failed query', {
          cause: Object.assign(new Error('could not extend file'), { code: '53100' }),
        }),
      ),
    ).toBe('53100');
  });

  it('leave other errors alone', () => {
    expect(isStorageFault(fsError('ENOENT'))).toBe(false);
    expect(isStorageFault(new Error('boom'))).toBe(false);
    expect(isStorageFault(null)).toBe(false);
  });

  it('answer a request as temporarily unavailable (503), not as our fault', () => {
    expect(classifyError(new Error('upload failed', { cause: fsError('ENOSPC') }))).toBe(
      'unavailable',
    );
    expect(classifyError(fsError('EROFS'))).toBe('unavailable');
  });
});
