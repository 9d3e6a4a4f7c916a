import type { APIRoute } from 'astro';
import { clientCredentialsGrant } from '../../../../server/auth/clientCredentialsGrant.ts';

/** POST /oauth/authorize/client on the API origin: the OAuth 2 client-credentials grant for registered apps. */
export const POST: APIRoute = (context) => clientCredentialsGrant(context);
