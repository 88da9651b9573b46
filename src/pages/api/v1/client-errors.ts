import { clientIp, endpoint, parse, readBody } from '../../../lib/server/http.ts';
import { recordClientReport } from '../../../lib/server/client-errors.ts';
import { ClientReportSchema } from '../../../lib/schemas/client-errors.ts';

/** A browser's error or sampled page view; open to anyone, signed in or not (no user is kept). */
export const POST = endpoint(async (context) => {
  const report = parse(ClientReportSchema, await readBody(context.request, { limit: 16 * 1024 }));
  await recordClientReport(report, clientIp(context), context.request.headers.get('user-agent'));
  return new Response(null, { status: 204 });
});
