import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser, ALL_ROLES } from '../../../../lib/server/auth/context.ts';
import { addTicketMessage, getTicket, setTicketClosed } from '../../../../lib/server/help.ts';
import { TicketMessageSchema, TicketStateSchema } from '../../../../lib/schemas/chat.ts';

export const GET = endpoint(async ({ locals, params }) => json(await getTicket(requireUser(locals, ALL_ROLES), params.id!)));

export const POST = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, ALL_ROLES);
  const { ticketId, text } = parse(TicketMessageSchema, { ticketId: params.id, ...(await readBody(request)) });
  return json(await addTicketMessage(user, ticketId, text), { status: 201 });
});

export const PUT = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, ALL_ROLES);
  const { closed } = parse(TicketStateSchema, await readBody(request));
  return json(await setTicketClosed(user, params.id!, closed));
});
