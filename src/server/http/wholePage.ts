/**
 * An HTML page read whole inside the middleware, once (src/server/http/classifyErrors.ts). A
 * page renders as its body is read, so an error thrown halfway through it reaches the step
 * that classifies errors instead of cutting the page short; and the security headers
 * (src/middleware.ts) hash the inline scripts and styles of the text read here. The server
 * sends HTML whole anyway (wholeHtml.ts).
 */
const texts = new WeakMap<Response, string>();

/** The response with its HTML body read whole; any other response as it is. */
export async function readWholePage(response: Response): Promise<Response> {
  if (texts.has(response) || !response.headers.get('Content-Type')?.startsWith('text/html') || !response.body) return response;
  const html = await response.text();
  const whole = new Response(html, response);
  texts.set(whole, html);
  return whole;
}

/** The text of a page `readWholePage` read; undefined for any other response. */
export function wholePageText(response: Response): string | undefined {
  return texts.get(response);
}
