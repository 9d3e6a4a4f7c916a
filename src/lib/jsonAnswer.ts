import { fillMessage } from './messageTemplate.ts';

/**
 * How the browser reads a JSON answer (SPEC §8 user helpers): a non-OK answer is a network
 * error with its status, one that never came a network error without; 204 yields nothing; a
 * body that is not JSON is 'Expected JSON response'. Pure, so the islands and the tests
 * share one reading.
 */

export type JsonFailure =
  /** The answer was not OK (`status`), or none came (`null`: offline, timed out). */
  { kind: 'network'; status: number | null } | { kind: 'notJson' };

export type JsonAnswer = { ok: true; value: unknown } | { ok: false; failure: JsonFailure };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The reading of an answer's status, Content-Type and body text. */
export function readJsonAnswer(
  status: number,
  contentType: string | null,
  body: string,
): JsonAnswer {
  if (status < 200 || status > 299) return { ok: false, failure: { kind: 'network', status } };
  if (status === 204) return { ok: true, value: null };
  if (!contentType || !JSON_TYPE.test(contentType))
    return { ok: false, failure: { kind: 'notJson' } };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, failure: { kind: 'notJson' } };
  }
}

export interface JsonFailureStrings {
  /** 'A network error occurred ({status})'. */
  network: string;
  /** 'A network error occurred'. */
  networkNoAnswer: string;
  expectedJson: string;
}

/** The words a failure is shown with. */
export function jsonFailureMessage(failure: JsonFailure, strings: JsonFailureStrings): string {
  if (failure.kind === 'notJson') return strings.expectedJson;
  return failure.status === null
    ? strings.networkNoAnswer
    : fillMessage(strings.network, { status: failure.status });
}
