import { describe, expect, it } from 'vitest';
import { pickConnection, type SsoConnection } from './ssoConnections.ts';

const connection = (id: number): SsoConnection => ({
  id,
  teamId: 1,
  name: `IdP ${id}`,
  issuer: 'https://idp.example.com',
  clientId: 'c',
  clientSecret: 's',
  createdAt: new Date(0),
});

describe('given the SSO connections of a team', () => {
  it('uses the only one, whatever was asked for', () => {
    expect(pickConnection([connection(3)], null)?.id).toBe(3);
    expect(pickConnection([connection(3)], 9)?.id).toBe(3);
  });

  it('uses the chosen one of several', () => {
    expect(pickConnection([connection(3), connection(4)], 4)?.id).toBe(4);
  });

  it("picks none of several without a choice, or with another team's", () => {
    expect(pickConnection([connection(3), connection(4)], null)).toBeNull();
    expect(pickConnection([connection(3), connection(4)], 9)).toBeNull();
  });

  it('picks none when the team has none', () => {
    expect(pickConnection([], 3)).toBeNull();
  });
});
