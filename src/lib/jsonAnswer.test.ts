import { describe, expect, it } from 'vitest';
import { jsonFailureMessage, readJsonAnswer } from './jsonAnswer.ts';

const strings = {
  network: 'A network error occurred ({status})',
  networkNoAnswer: 'A network error occurred',
  expectedJson: 'Expected JSON response',
};

describe('reading a JSON answer', () => {
  it('reads the value of a JSON answer', () => {
    expect(readJsonAnswer(200, 'application/json; charset=utf-8', '{"chatEnabled":true}')).toEqual({
      ok: true,
      value: { chatEnabled: true },
    });
  });
  it('reads a vendor JSON type too', () => {
    expect(readJsonAnswer(200, 'application/vnd.vimeo.video+json', '[]')).toEqual({
      ok: true,
      value: [],
    });
  });
  it('yields nothing for 204, whatever its type', () => {
    expect(readJsonAnswer(204, null, '')).toEqual({ ok: true, value: null });
  });
  it('is a network error with its status when the answer is not OK', () => {
    expect(readJsonAnswer(503, 'application/json', '{}')).toEqual({
      ok: false,
      failure: { kind: 'network', status: 503 },
    });
  });
  it('is not JSON when the type says HTML', () => {
    expect(readJsonAnswer(200, 'text/html; charset=utf-8', '<!doctype html>')).toEqual({
      ok: false,
      failure: { kind: 'notJson' },
    });
  });
  it('is not JSON when the body does not parse, whatever the type says', () => {
    expect(readJsonAnswer(200, 'application/json', '<html>')).toEqual({
      ok: false,
      failure: { kind: 'notJson' },
    });
  });
  it('is not JSON without a type', () => {
    expect(readJsonAnswer(200, null, '{}')).toEqual({ ok: false, failure: { kind: 'notJson' } });
  });
});

describe('the words of a failure', () => {
  it('names the status of a network error that had an answer', () => {
    expect(jsonFailureMessage({ kind: 'network', status: 502 }, strings)).toBe(
      'A network error occurred (502)',
    );
  });
  it('names no status when no answer came', () => {
    expect(jsonFailureMessage({ kind: 'network', status: null }, strings)).toBe(
      'A network error occurred',
    );
  });
  it('says JSON was expected for an answer that is not', () => {
    expect(jsonFailureMessage({ kind: 'notJson' }, strings)).toBe('Expected JSON response');
  });
});
