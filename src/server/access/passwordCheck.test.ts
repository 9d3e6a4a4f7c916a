/**
 * The showcase password check with the real limiters (memory store) and argon2: guessing
 * from several addresses slows down, and never locks out a viewer who knows the password.
 */
import type { AstroCookies } from 'astro';
import { beforeAll, describe, expect, it } from 'vitest';

process.env['ACCESS_SECRET'] = 'password-check-test-secret';
const { hashPassword } = await import('../auth/passwords.ts');
const { checkShowcasePassword } = await import('./passwordCheck.ts');
type Showcase = Parameters<typeof checkShowcasePassword>[1];

const set: string[] = [];
const cookies = { set: (name: string) => void set.push(name) } as unknown as AstroCookies;
const from = (address: string) => ({
  request: new Request('http://localhost/showcase/77/auth', { method: 'POST' }),
  clientAddress: address,
  cookies,
  url: new URL('http://localhost/showcase/77/auth'),
});

let showcase: Showcase;
beforeAll(async () => {
  showcase = {
    id: 77,
    privacyView: 'password',
    passwordHash: await hashPassword('open sesame'),
    passwordVersion: 1,
  } as Showcase;
});

describe('checkShowcasePassword', () => {
  it('lets the right password in while five addresses guess, and slows the guessers', async () => {
    const attackers = [
      '198.51.100.1',
      '198.51.100.2',
      '198.51.100.3',
      '198.51.100.4',
      '198.51.100.5',
    ];
    const outcomes: string[] = [];
    for (const address of attackers)
      for (let i = 0; i < 10; i++)
        outcomes.push((await checkShowcasePassword(from(address), showcase, `guess ${i}`)).kind);
    expect(outcomes).toEqual(Array(50).fill('wrong'));

    // Fifty wrong guesses: the showcase is under attack. A new address still gets its first try…
    expect((await checkShowcasePassword(from('203.0.113.9'), showcase, 'guess 51')).kind).toBe(
      'wrong',
    );
    // …but not a second one in its window.
    expect(await checkShowcasePassword(from('203.0.113.9'), showcase, 'open sesame')).toMatchObject(
      { kind: 'limited' },
    );

    // A viewer who knows the password gets in at the first try, and keeps the proof cookie.
    expect((await checkShowcasePassword(from('192.0.2.44'), showcase, 'open sesame')).kind).toBe(
      'right',
    );
    expect(set).toEqual(['vsp_77']);
  });
});
