import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { createVacancy, listVacancies } from '../../../../lib/server/vacancies.ts';
import { VacancyFilterSchema, VacancySchema } from '../../../../lib/schemas/vacancy.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals);
  const filter = parse(VacancyFilterSchema, Object.fromEntries(url.searchParams));
  return json(await listVacancies(user, filter, locals.locale));
});

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const input = parse(VacancySchema, await readBody(request));
  return json(await createVacancy(user, input, locals.locale), { status: 201 });
});
