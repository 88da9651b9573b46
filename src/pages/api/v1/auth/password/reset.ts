import { ResetPasswordSchema } from '../../../../../lib/schemas/auth.ts';
import { clientIp, endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { resetPassword } from '../../../../../lib/server/auth/service.ts';

export const POST = endpoint(async (context) => {
  const input = parse(ResetPasswordSchema, await readBody(context.request));
  await resetPassword(input, clientIp(context));
  return json({ ok: true });
});
