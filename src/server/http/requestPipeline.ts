/**
 * The steps every HTTP request passes before Astro renders it, in order. Each step answers
 * the request itself or calls `next()`; the last step hands the request to Astro's handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;
export type Step = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** One listener that runs `steps` in order, then `last`. */
export function pipeline(steps: readonly Step[], last: NodeHandler): NodeHandler {
  return (req, res) => {
    const run = (index: number): void => {
      const step = steps[index];
      if (!step) return last(req, res);
      step(req, res, () => run(index + 1));
    };
    run(0);
  };
}
