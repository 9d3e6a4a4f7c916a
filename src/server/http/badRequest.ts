/**
 * A request the client got wrong (a body that is not the JSON object or form it should be, a
 * number that is no number): answered 400, logged without a stack trace.
 */
export class BadRequestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BadRequestError';
  }
}

/** The JSON object of a request body; anything else (null, an array, a string, no JSON) is a BadRequestError. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch((error: unknown) => {
    throw new BadRequestError('request body is not JSON', { cause: error });
  });
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequestError('request body is not a JSON object');
  return body as Record<string, unknown>;
}

/** The form of a request body (urlencoded or multipart); anything else is a BadRequestError. */
export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch((error: unknown) => {
    throw new BadRequestError('request body is not a form', { cause: error });
  });
}

/** A text field of a form, or '' (a file where text belongs counts as absent). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
