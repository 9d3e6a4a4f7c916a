import type { APIRoute } from 'astro';
import { showcaseViewerFrom } from '../../../server/access/showcaseAccess.ts';
import { getDb } from '../../../server/db/client.ts';
import { parseId } from '../../../server/http/apiResponse.ts';
import { readJsonObject } from '../../../server/http/badRequest.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { mailer } from '../../../server/mail/mailer.ts';
import { siteOrigin } from '../../../server/http/publicOrigin.ts';
import { shareOutcomeResponse, shareSenderFrom } from '../../../server/share/shareResponses.ts';
import { sendShare } from '../../../server/share/shareService.ts';

/**
 * POST /showcase/{albumId}/send_message (SPEC §7): JSON { user_emails, message,
 * g-recaptcha-response, token, action: "send_message" }; { sent, delivery } when the mails went
 * out, delivery 'outbox' when they were kept in the outbox for want of a mail server.
 */
export const POST: APIRoute = async (context) => {
  const albumId = parseId(context.params['albumId']);
  if (!albumId) return jsonError(context.locals, 404);
  const body = await readJsonObject(context.request);
  const origin = siteOrigin(context.url);
  const outcome = await sendShare(await getDb(), {
    albumId,
    viewer: showcaseViewerFrom(context, albumId),
    sender: shareSenderFrom(context),
    body,
    publicOrigin: origin,
    mailer: mailer(origin),
    captcha: 'required',
  });
  return shareOutcomeResponse(context.locals, outcome);
};
