import { describe, expect, it } from 'vitest';
import { corsHeaders, isPreflight } from './apiCors.ts';

describe('corsHeaders', () => {
  it('lets any origin read an answer, never with credentials', () => {
    const headers = corsHeaders(false);
    expect(headers['Access-Control-Allow-Origin']).toBe('*');
    expect(headers).not.toHaveProperty('Access-Control-Allow-Credentials');
    expect(headers['Access-Control-Expose-Headers']).toContain('Upload-Offset');
    expect(headers['Access-Control-Expose-Headers']).toContain('Location');
  });

  it('answers a preflight with the methods and the headers the clients and tus send', () => {
    const headers = corsHeaders(true);
    expect(headers['Access-Control-Allow-Methods']).toContain('PATCH');
    for (const name of [
      'Authorization',
      'Content-Type',
      'Accept',
      'Tus-Resumable',
      'Upload-Length',
      'Upload-Offset',
      'Upload-Metadata',
    ]) {
      expect(headers['Access-Control-Allow-Headers']).toContain(name);
    }
    expect(headers).not.toHaveProperty('Access-Control-Allow-Credentials');
  });
});

describe('isPreflight', () => {
  it('is an OPTIONS that names the method to come', () => {
    expect(isPreflight('OPTIONS', 'PATCH')).toBe(true);
    expect(isPreflight('OPTIONS', undefined)).toBe(false);
    expect(isPreflight('GET', 'PATCH')).toBe(false);
  });
});
