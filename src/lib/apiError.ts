/**
 * Errors of the API in Vimeo's shape, `{ error, link, developer_message, error_code }`: `error`
 * is for the person using the integration (in their language), `developer_message` for the
 * one who wrote it (English, technical), `error_code` a number a script can branch on. Where
 * a refusal has a code of its own (the SPEC §4 access codes, 2286, 8003) it keeps it.
 */

export interface ApiErrorBody {
  error: string;
  link: string | null;
  developer_message: string;
  error_code: number;
}

/** The code of each status when the refusal brings none, in the ranges Vimeo uses. */
export const API_ERROR_CODES: Readonly<Record<number, number>> = {
  400: 2204,
  401: 8000,
  403: 3200,
  404: 5000,
  405: 2207,
  406: 2208,
  413: 4003,
  415: 2209,
  429: 9000,
  500: 1000,
  503: 1001,
  507: 1002,
};

const DEVELOPER_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request was not understood: check its parameters and body.',
  401: 'A valid access token is required: send it as "Authorization: Bearer {token}".',
  403: 'The access token may not do this: it lacks the scope or the rights this call needs.',
  404: 'The requested resource does not exist, or this token may not see it.',
  405: 'This resource does not answer this method: the Allow header lists the ones it does.',
  406: 'The requested API version is not served: ask for application/vnd.vimeo.*+json;version=3.4.',
  413: 'The request body is larger than this server accepts.',
  415: 'The request body is not of a type this resource accepts: tus uploads send application/offset+octet-stream.',
  429: 'Too many requests: wait before retrying.',
  500: 'The server failed to answer this request.',
  503: 'A service this request needs is unavailable: retry later.',
  507: 'The server has too little free disk space to store this upload: retry once its operator has freed some.',
};

export interface ApiErrorInput {
  status: number;
  /** The user-facing text, already translated. */
  error: string;
  developerMessage?: string | undefined;
  errorCode?: number | undefined;
}

export function apiErrorBody({
  status,
  error,
  developerMessage,
  errorCode,
}: ApiErrorInput): ApiErrorBody {
  return {
    error,
    link: null,
    developer_message: developerMessage ?? DEVELOPER_MESSAGES[status] ?? 'The request failed.',
    error_code: errorCode ?? API_ERROR_CODES[status] ?? status,
  };
}
