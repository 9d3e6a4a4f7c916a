import { describe, expect, it } from 'vitest';
import { fillMessage, markers, wordsAround } from './messageTemplate.ts';

describe('fillMessage', () => {
  it('fills each marker, every time it appears', () => {
    expect(fillMessage('{from} - {to} of {total}', { from: 1, to: 25, total: 30 })).toBe(
      '1 - 25 of 30',
    );
    expect(fillMessage('{a}{a}', { a: 'x' })).toBe('xx');
  });

  it('keeps markers it has no value for, and never reads inherited keys', () => {
    expect(fillMessage('Results for “{query}”', {})).toBe('Results for “{query}”');
    expect(fillMessage('{constructor}', {})).toBe('{constructor}');
  });

  it('inserts values literally, even ones that look like markers or replacement patterns', () => {
    expect(fillMessage('Results for “{query}”', { query: '$& {query} $1' })).toBe(
      'Results for “$& {query} $1”',
    );
  });
});

describe('markers', () => {
  it('makes interpolation values that leave {name} markers behind', () => {
    expect(markers('from', 'to')).toEqual({ from: '{from}', to: '{to}' });
  });
});

describe('wordsAround', () => {
  it('splits a template at its marker, words on either side kept as written', () => {
    expect(wordsAround('Duration {duration}', 'duration')).toEqual({
      before: 'Duration ',
      after: '',
    });
    expect(wordsAround('{duration} long', 'duration')).toEqual({ before: '', after: ' long' });
  });

  it('keeps a template without the marker whole, before the value', () => {
    expect(wordsAround('Length', 'duration')).toEqual({ before: 'Length', after: '' });
  });
});
