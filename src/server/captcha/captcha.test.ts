/**
 * The share captcha against a real database: a solved challenge passes once, and a replayed,
 * expired, forged or malformed one does not.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('captcha');

const { getDb } = await import('../db/client.ts');
const { issueChallenge, verifyCaptcha } = await import('./captcha.ts');
const db = await getDb();

async function solved(
  now = new Date(),
  tamper?: (payload: { challenge: { parameters: Record<string, unknown> } }) => void,
): Promise<string> {
  const challenge = await issueChallenge(now, 500);
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = { challenge, solution };
  tamper?.(payload as never);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe('share captcha', () => {
  it('passes a solved challenge once, then refuses it as replayed', async () => {
    const response = await solved();
    expect(await verifyCaptcha(db, response)).toBe('passed');
    expect(await verifyCaptcha(db, response)).toBe('replayed');
  });

  it('refuses a challenge past its ten minutes', async () => {
    const issued = new Date(Date.now() - 11 * 60 * 1000);
    expect(await verifyCaptcha(db, await solved(issued))).toBe('expired');
  });

  it('refuses a solution whose challenge was altered or not solved', async () => {
    const easier = await solved(new Date(), (payload) => {
      payload.challenge.parameters['keyPrefix'] = '00';
    });
    expect(await verifyCaptcha(db, easier)).toBe('invalid');
    const challenge = await issueChallenge(new Date(), 500);
    const unsolved = Buffer.from(
      JSON.stringify({ challenge, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } }),
    ).toString('base64');
    expect(await verifyCaptcha(db, unsolved)).toBe('invalid');
  });

  it('refuses what is not a solution at all', async () => {
    expect(await verifyCaptcha(db, '')).toBe('invalid');
    expect(await verifyCaptcha(db, 'not base64 json')).toBe('invalid');
    expect(await verifyCaptcha(db, 'x'.repeat(10_000))).toBe('invalid');
    const hollow = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64');
    expect(
      await verifyCaptcha(
        db,
        hollow({
          challenge: { parameters: null, signature: 'x' },
          solution: { counter: 1, derivedKey: 'ab' },
        }),
      ),
    ).toBe('invalid');
    expect(
      await verifyCaptcha(
        db,
        hollow({
          challenge: { parameters: { expiresAt: 'soon' }, signature: 'x' },
          solution: { counter: 1, derivedKey: 'ab' },
        }),
      ),
    ).toBe('expired');
  });
});
