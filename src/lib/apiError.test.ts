import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, apiErrorBody } from './apiError.ts';

describe('apiErrorBody', () => {
  it("answers in Vimeo's shape, the user's text beside a developer's", () => {
    expect(apiErrorBody({ status: 404, error: 'Introuvable' })).toEqual({
      error: 'Introuvable',
      link: null,
      developer_message: expect.stringContaining('does not exist'),
      error_code: 5000,
    });
  });

  it('keeps the code and message a refusal brings', () => {
    expect(
      apiErrorBody({
        status: 401,
        error: 'x',
        errorCode: 0,
        developerMessage: 'The showcase needs its password.',
      }),
    ).toMatchObject({
      error_code: 0,
      developer_message: 'The showcase needs its password.',
    });
  });

  it.each(Object.entries(API_ERROR_CODES))(
    'gives status %s a code and a developer message of its own',
    (status) => {
      const body = apiErrorBody({ status: Number(status), error: 'x' });
      expect(body.error_code).toBe(API_ERROR_CODES[Number(status)]);
      expect(body.developer_message).not.toBe('The request failed.');
    },
  );

  it('gives a status it has no entry for its number as the code', () => {
    expect(apiErrorBody({ status: 418, error: 'x' })).toMatchObject({
      error_code: 418,
      developer_message: 'The request failed.',
    });
  });
});
