import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser, ALL_ROLES } from '../../../../lib/server/auth/context.ts';
import { createTicket, listTickets } from '../../../../lib/server/help.ts';
import { TicketSchema } from '../../../../lib/schemas/chat.ts';

export const GET = endpoint(async ({ locals }) => json(await listTickets(requireUser(locals, ALL_ROLES))));

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, ALL_ROLES);
  return json(await createTicket(user, parse(TicketSchema, await readBody(request))), { status: 201 });
});
