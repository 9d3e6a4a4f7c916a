/**
 * What makes an answer a finding: a 5xx, no answer at all, or a body that shows the inside of
 * the server (a stack trace, a source path, a module path).
 */
export interface FuzzAnswer {
  status: number;
  /** The first part of the body, enough to find a leak. */
  body: string;
}

const LEAKS: readonly RegExp[] = [
  /\n\s+at [^\n]*:\d+:\d+/,
  /node:internal/,
  /file:\/\//,
  /node_modules\//,
  /\/src\/(server|pages|lib|components)\//,
  /\.(ts|mjs|cjs):\d+:\d+/,
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|AstroError|PostgresError|DrizzleQueryError):/,
];

/** Why `answer` is a finding, or null when it is a proper answer. */
export function findingOf(
  answer: FuzzAnswer | { error: string },
  checkoutPath = process.cwd(),
): string | null {
  if ('error' in answer) return `no answer: ${answer.error}`;
  if (answer.status >= 500) return `status ${answer.status}`;
  const leak = LEAKS.find((pattern) => pattern.test(answer.body));
  if (leak) return `body shows ${leak.source}`;
  if (checkoutPath.length > 1 && answer.body.includes(checkoutPath))
    return 'body shows the checkout path';
  return null;
}
