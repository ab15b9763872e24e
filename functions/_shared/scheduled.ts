import type { Context } from '@netlify/functions';
import { errorResponse, json } from './http.ts';

// The handler shape of a scheduled function: Netlify invokes it with a POST carrying
// {next_run}, and nothing else may run it; the work logs one line and answers its outcome.

export function scheduledHandler<T>(
  work: (context: Partial<Context>) => Promise<{ outcome: T; log: string }>,
): (req: Request, context?: Partial<Context>) => Promise<Response> {
  return async (req, context = {}) => {
    if (req.method !== 'POST')
      return json(
        { error: `Method ${req.method} is not allowed here.` },
        { status: 405, headers: { Allow: 'POST' } },
      );
    try {
      const { outcome, log } = await work(context);
      console.log(log);
      return json(outcome);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
