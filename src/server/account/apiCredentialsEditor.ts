/**
 * The form posts of /settings/tokens: create or revoke a personal access token, register or
 * delete an app. Each acts on the signed-in user's own credentials only.
 */
import { chosenScopes, credentialName, tokenExpiry } from '../../lib/apiTokens.ts';
import { deleteApp, registerApp } from '../auth/apiApps.ts';
import { createPersonalToken, revokePersonalToken } from '../auth/apiTokens.ts';
import type { Db } from '../db/client.ts';
import { parseId } from '../http/apiResponse.ts';
import { formText } from '../http/badRequest.ts';
import type { NewCredential } from './shownOnce.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

export type CredentialsOutcome =
  | { kind: 'created'; credential: NewCredential }
  | { kind: 'done'; notice: 'revoked' | 'deleted' }
  | { kind: 'invalid'; errors: Record<string, TranslationKey> }
  | { kind: 'refused' };

export async function handleCredentialsPost(
  db: Db,
  userId: number,
  form: FormData,
  now = new Date(),
): Promise<CredentialsOutcome> {
  const action = formText(form, 'action');
  if (action === 'createToken') {
    const scopes = chosenScopes(
      form.getAll('scope').filter((value): value is string => typeof value === 'string'),
    );
    const expiresAt = tokenExpiry(formText(form, 'expires'), now);
    // Only a tampered form sends a scope or lifetime the page does not offer.
    if (scopes === null || expiresAt === undefined) return { kind: 'refused' };
    const name = credentialName(formText(form, 'name'));
    if (name === null) return { kind: 'invalid', errors: { tokenName: 'apiTokens.nameRequired' } };
    const token = await createPersonalToken(db, userId, { name, scopes, expiresAt });
    return { kind: 'created', credential: { kind: 'token', userId, name, token } };
  }
  if (action === 'registerApp') {
    const name = credentialName(formText(form, 'name'));
    if (name === null) return { kind: 'invalid', errors: { appName: 'apiTokens.nameRequired' } };
    const { clientId, clientSecret } = await registerApp(db, userId, name);
    return { kind: 'created', credential: { kind: 'app', userId, name, clientId, clientSecret } };
  }
  const id = parseId(formText(form, 'id'));
  if (id === null) return { kind: 'refused' };
  if (action === 'revokeToken')
    return (await revokePersonalToken(db, userId, id))
      ? { kind: 'done', notice: 'revoked' }
      : { kind: 'refused' };
  if (action === 'deleteApp')
    return (await deleteApp(db, userId, id))
      ? { kind: 'done', notice: 'deleted' }
      : { kind: 'refused' };
  return { kind: 'refused' };
}
