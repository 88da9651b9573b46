import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { createVacancy, listVacancies } from '../../../../lib/server/vacancies.ts';
import { VACANCY_STATUS, VacancyFilterSchema, vacancySchemaFor } from '../../../../lib/schemas/vacancy.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals);
  const filter = parse(VacancyFilterSchema, Object.fromEntries(url.searchParams));
  // rows of the caller's space only: kept until the space changes (docs/decisions/0020)
  locals.keep = true;
  return json(await listVacancies(user, filter, locals.locale));
});

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const body = await readBody(request);
  // a draft needs only its position name; publishing checks every rule
  const input = parse(vacancySchemaFor(body, VACANCY_STATUS.DRAFT), body);
  return json(await createVacancy(user, input, locals.locale), { status: 201 });
});
