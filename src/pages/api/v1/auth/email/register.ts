import { RegisterSchema } from '../../../../../lib/schemas/auth.ts';
import { endpoint, parse, readBody } from '../../../../../lib/server/http.ts';
import { register } from '../../../../../lib/server/auth/service.ts';
import { clientInfo, grantResponse } from '../../../../../lib/server/auth/endpoints.ts';
import { LANGUAGE_COOKIE } from '../../../../../lib/server/users.ts';

export const POST = endpoint(async (context) => {
  const input = parse(RegisterSchema, await readBody(context.request));
  const grant = await register(input, context.locals.locale, clientInfo(context));
  // the account starts in the page's language: a guest's choice kept for the next sign-in (login.ts)
  // would otherwise undo, months later, a language the person chose since
  context.cookies.delete(LANGUAGE_COOKIE, { path: '/' });
  return grantResponse(context, grant, 201);
});
