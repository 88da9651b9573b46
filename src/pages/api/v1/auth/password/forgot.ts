import { ForgotPasswordSchema } from '../../../../../lib/schemas/auth.ts';
import { clientIp, endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { forgotPassword } from '../../../../../lib/server/auth/service.ts';

export const POST = endpoint(async (context) => {
  const input = parse(ForgotPasswordSchema, await readBody(context.request));
  await forgotPassword(input.email, input.settings?.lang ?? context.locals.locale, clientIp(context));
  return json({ sent: true });
});
