import { ResendSchema } from '../../../../../../lib/schemas/auth.ts';
import { clientIp, endpoint, json, parse, readBody } from '../../../../../../lib/server/http.ts';
import { resendCode } from '../../../../../../lib/server/auth/service.ts';

export const POST = endpoint(async (context) => {
  const input = parse(ResendSchema, await readBody(context.request));
  await resendCode(input.email, input.settings?.lang ?? context.locals.locale, clientIp(context));
  return json({ sent: true });
});
