import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { addComment } from '../../../../lib/server/vacancies.ts';
import { CommentSchema } from '../../../../lib/schemas/vacancy.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const { vacancyId, text } = parse(CommentSchema, await readBody(request));
  return json(await addComment(user, vacancyId, text), { status: 201 });
});
