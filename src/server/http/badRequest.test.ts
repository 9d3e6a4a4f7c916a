import { describe, expect, it } from 'vitest';
import { BadRequestError, formText, readForm, readJsonObject } from './badRequest.ts';

const post = (body: string, type: string) =>
  new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type } });

describe('readJsonObject', () => {
  it('reads a JSON object', async () => {
    await expect(readJsonObject(post('{"password":"x"}', 'application/json'))).resolves.toEqual({
      password: 'x',
    });
  });

  it.each(['null', '[]', '"text"', '42', '{', ''])('refuses %j as a bad request', async (body) => {
    await expect(readJsonObject(post(body, 'application/json'))).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
});

describe('readForm', () => {
  it('reads a urlencoded form, a file where text belongs counting as absent', async () => {
    const form = await readForm(
      post('email=a%40b.c&password=', 'application/x-www-form-urlencoded'),
    );
    expect(formText(form, 'email')).toBe('a@b.c');
    form.set('email', new File(['x'], 'x.txt'));
    expect(formText(form, 'email')).toBe('');
  });

  it('refuses a body that is no form as a bad request', async () => {
    await expect(readForm(post('hello', 'text/plain'))).rejects.toBeInstanceOf(BadRequestError);
    await expect(readForm(post('nothing', 'multipart/form-data'))).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
});
