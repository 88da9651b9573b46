import * as z from 'zod/mini';

/** The events an endpoint may subscribe to (docs/decisions/0028). */
export const WEBHOOK_EVENTS = [
  'candidate.created',
  'candidate.stage_changed',
  'rating.given',
  'consent.answered',
  'application.received',
  'interview.scheduled',
] as const;

/**
 * A new webhook endpoint as the API takes it. The service checks the address itself (https on
 * the public internet, docs/decisions/0028) with keys of its own; this is the shape it reads.
 */
export const WebhookEndpointBodySchema = z.object({
  url: z.string().check(z.maxLength(2000), z.meta({ format: 'uri', description: 'https, on the public internet; no user or password.' })),
  events: z.union([z.array(z.enum(WEBHOOK_EVENTS)).check(z.minLength(1)), z.enum(WEBHOOK_EVENTS)]),
});
