import { ResendSchema } from '../../../../../../lib/schemas/auth.ts';
import { endpoint, json, parse, readBody } from '../../../../../../lib/server/http.ts';
import { resendCode } from '../../../../../../lib/server/auth/service.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const input = parse(ResendSchema, await readBody(request));
  await resendCode(input.email, input.settings?.lang ?? locals.locale);
  return json({ sent: true });
});
