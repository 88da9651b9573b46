import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { archiveVacancy, findVisible, getVacancy, updateVacancy } from '../../../../lib/server/vacancies.ts';
import { vacancySchemaFor } from '../../../../lib/schemas/vacancy.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const GET = endpoint(async ({ locals, params }) => json(await getVacancy(requireUser(locals), params.id!, locals.locale)));

export const PUT = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const body = await readBody(request);
  // an edit without a status keeps the vacancy's, and is checked by its rules
  const { status } = await findVisible(user, params.id!);
  const input = parse(vacancySchemaFor(body, status), body);
  return json(await updateVacancy(user, params.id!, input, locals.locale));
});

export const DELETE = endpoint(async ({ locals, params }) => {
  await archiveVacancy(requireUser(locals, RECRUITER_ROLES), params.id!);
  return json({ archived: true });
});
