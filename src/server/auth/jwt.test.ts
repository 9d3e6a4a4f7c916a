/** The API's JWTs (jwt.ts): signed here, read by a standard verifier, refused when altered. */
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';

process.env['SESSION_SECRET'] = 'a session secret long enough for HS256 signing';
const { issueJwt, verifyJwt } = await import('./jwt.ts');
const key = Buffer.from(process.env['SESSION_SECRET']);

describe('issueJwt', () => {
  it('signs an HS256 token a standard verifier accepts, naming the user and the session', async () => {
    const token = issueJwt(42, { idHash: 'session-hash' });
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      issuer: 'vitrine',
      audience: 'vitrine-api',
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toMatchObject({ sub: '42', sid: 'session-hash' });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    expect(await verifyJwt(token)).toEqual({ userId: 42, sessionIdHash: 'session-hash' });
  });

  it('stands alone without a session, and is refused once altered', async () => {
    const token = issueJwt(7);
    expect(await verifyJwt(token)).toEqual({ userId: 7, sessionIdHash: null });
    const [header, , signature] = token.split('.');
    const claims = Buffer.from(JSON.stringify({ sub: '1', iss: 'vitrine', aud: 'vitrine-api' }));
    expect(await verifyJwt(`${header}.${claims.toString('base64url')}.${signature}`)).toBeNull();
  });
});
