import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from '../media/storage.ts';
import { BadRequestError } from './badRequest.ts';
import { classifyError, rootReason } from './errorClassification.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('classifyError', () => {
  it('calls a refused or dropped database connection unavailable, however it is wrapped', () => {
    expect(classifyError(withCode('ECONNREFUSED'))).toBe('unavailable');
    expect(
      classifyError(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])),
    ).toBe('unavailable');
    expect(
      classifyError(new Error('Failed query: select 1', { cause: withCode('CONNECTION_CLOSED') })),
    ).toBe('unavailable');
    expect(classifyError(withCode('CONNECT_TIMEOUT'))).toBe('unavailable');
    expect(classifyError(withCode('ECONNRESET', 'read ECONNRESET'))).toBe('unavailable');
    expect(classifyError(withCode('ETIMEDOUT'))).toBe('unavailable');
  });

  it('calls a database that refuses new connections unavailable, a statement in that state not', () => {
    const refusal = (severity: string) =>
      Object.assign(
        withCode('55000', 'database "vitrine" is not currently accepting connections'),
        {
          severity,
        },
      );
    expect(classifyError(new Error('Failed query: select 1', { cause: refusal('FATAL') }))).toBe(
      'unavailable',
    );
    expect(classifyError(refusal('ERROR'))).toBe('fault');
  });

  it('calls a PostgreSQL that is shutting down or starting up unavailable', () => {
    expect(
      classifyError(withCode('57P01', 'terminating connection due to administrator command')),
    ).toBe('unavailable');
    expect(classifyError(withCode('57P03', 'the database system is starting up'))).toBe(
      'unavailable',
    );
    expect(classifyError(withCode('57P02', 'terminating connection because of crash'))).toBe(
      'unavailable',
    );
    expect(classifyError(withCode('08006'))).toBe('unavailable');
  });

  it("calls malformed input the client's mistake", () => {
    expect(classifyError(new BadRequestError('page is not a whole number'))).toBe('badRequest');
    expect(
      classifyError(
        new Error('Failed query', {
          cause: withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
        }),
      ),
    ).toBe('badRequest');
    expect(classifyError(withCode('22003', 'value out of range for type integer'))).toBe(
      'badRequest',
    );
    expect(classifyError(new Error('Invalid URL encoding'))).toBe('badRequest');
    expect(classifyError(new InvalidStorageKeyError('../etc/passwd'))).toBe('notFound');
  });

  it('calls everything else a fault of ours', () => {
    expect(classifyError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      'fault',
    );
    expect(classifyError(withCode('42P01', 'relation "nope" does not exist'))).toBe('fault');
    expect(classifyError('a string')).toBe('fault');
    expect(classifyError(null)).toBe('fault');
  });
});

describe('rootReason', () => {
  it('reports what went wrong underneath, not the query that failed', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const query = new Error('Failed query: select "videos"."id" from "videos" where …', {
      cause: refused,
    });
    expect(rootReason(query)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(rootReason('plain')).toBe('plain');
  });
});
