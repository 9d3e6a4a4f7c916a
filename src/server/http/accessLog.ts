/**
 * One log line per answered request: method, route (ids replaced, no query string), status,
 * duration, request id and, as LOG_CLIENT_IP allows, the client's network. No headers, no
 * cookies, no query strings: those carry passwords' proofs, share hashes and signatures.
 */
import { clientAddressLabel } from '../../lib/clientAddressLabel.ts';
import { routeLabel } from '../../lib/routeLabel.ts';
import { config } from '../config.ts';
import { logger } from '../logger.ts';
import type { Step } from './requestPipeline.ts';
import { clientAddress } from './publicOrigin.ts';
import { requestId } from './requestId.ts';

const log = logger.child({ source: 'access' });

export const accessLog: Step = (req, res, next) => {
  const started = process.hrtime.bigint();
  const id = requestId(req, res);
  res.once('close', () => {
    const { LOG_CLIENT_IP } = config();
    log.info(
      {
        reqId: id,
        method: req.method,
        route: routeLabel(req.url ?? '/'),
        // A client that went away before the answer was complete shows as 499, as nginx logs it.
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        client: clientAddressLabel(clientAddress(req), LOG_CLIENT_IP),
      },
      'request',
    );
  });
  next();
};
