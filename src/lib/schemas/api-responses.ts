import * as z from 'zod/mini';
import { BULK_ACTIONS } from './bulk.ts';
import { DUPLICATE_REASONS } from './merge.ts';
import { NOTIFY_MAIL } from './notification.ts';
import { INTERVIEW_KINDS, STAGES } from './funnel.ts';
import { INTERVIEW_EVENTS } from './interview.ts';
import { AUDIT_ACTION_NAMES } from './rights.ts';
import { WEBHOOK_EVENTS } from './webhook.ts';

/**
 * The API's answers as zod schemas, for the OpenAPI document only (docs/decisions/0031): the
 * code builds its answers with the TypeScript DTOs beside the request schemas, and
 * tests/api/openapi.test.ts holds each real answer against these, so a field added to a DTO and
 * not here fails there. Objects are closed (no unlisted field) in the document.
 */

const meta = <T extends z.ZodMiniType>(schema: T, id: string, description?: string): T => schema.check(z.meta({ id, ...(description ? { description } : {}) })) as T;

const uuid = z.string().check(z.meta({ format: 'uuid' }));
const when = z.string().check(z.meta({ format: 'date-time', description: 'ISO 8601, UTC.' }));
const day = z.string().check(z.meta({ format: 'date', description: 'YYYY-MM-DD.' }));
const nullable = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const int = z.int();

const stage = z.literal(STAGES).check(z.meta({ description: '1 new, 2 recruiter interview, 3 testing, 4 customer interview, 5 finalist, 6 hired, 7 archive.' }));
const priority = z.literal([1, 2, 3]).check(z.meta({ description: '1 high, 2 normal, 3 low.' }));
const role = z.int().check(z.meta({ description: '1 company, 2 recruiter, 3 customer; 4 admin and 5 dev are staff.' }));
const mailState = z.enum(['queued', 'sent', 'failed']);
const cityRef = z.object({ id: int, name: z.string() });
const name = { name: z.string(), surname: z.string() };

export const Ok = z.object({ ok: z.literal(true) });
export const Sent = z.object({ sent: z.literal(true) });
export const EmailSent = z.object({ sent: z.literal(true), email: z.string() });
export const Deleted = z.object({ deleted: z.literal(true) });
/** An entry taken off the team lists: an invitation withdrawn, or a member who left the space. */
export const Removed = z.object({ removed: z.enum(['invite', 'member']) });
export const Archived = z.object({ archived: z.literal(true) });
export const Image = z.object({ image: z.string().check(z.meta({ description: 'The stored file name, served under /uploads/.' })) });
export const Resume = z.object({ resume: z.string().check(z.meta({ description: 'The stored file name; downloaded only from candidates/{id}/resume.' })), resumeName: z.string() });
export const NewEmail = z.object({ newEmail: z.string() });
export const NotifyMail = z.object({ notifyMail: z.enum(NOTIFY_MAIL) });

export const User = meta(
  z.object({
    id: uuid,
    email: z.string(),
    ...name,
    role,
    status: z.int().check(z.meta({ description: '1 unconfirmed address, 2 active, 3 banned.' })),
    image: nullable(z.string()),
    companyName: nullable(z.string()),
    inviteUser: nullable(z.object({ ...name, companyName: nullable(z.string()) })),
    createdAt: when,
    settings: z.object({ lang: z.enum(['en', 'ru']), timeZone: z.string(), notifyMail: z.enum(NOTIFY_MAIL) }),
    unreadMessage: int,
    resume: nullable(z.string()),
  }),
  'User',
);

export const AccessToken = z.object({ accessToken: z.string(), tokenExpires: int.check(z.meta({ description: 'When the token expires, in milliseconds since 1970.' })) });
export const Grant = z.object({ ...AccessToken.shape, user: User });

export const Invite = meta(
  z.object({
    id: z.optional(uuid),
    inviteId: z.optional(uuid),
    ...name,
    email: z.string(),
    role,
    createdAt: when,
    mail: z.optional(mailState),
  }),
  'Invite',
  'A person invited to the space; `id` once they registered.',
);
export const InviteList = z.array(Invite);

export const SoftSkill = meta(z.object({ id: int, name: z.object({ en: z.string(), ru: z.string() }), main: z.boolean() }), 'SoftSkill');
export const SoftSkills = z.array(SoftSkill);

const PersonRef = meta(
  z.object({ id: z.string(), ...name, email: z.optional(z.string()), image: z.optional(nullable(z.string())), invited: z.optional(z.boolean()) }),
  'PersonRef',
  'A person on a vacancy; `invited`: a customer not registered yet, `id` is then their invite\'s.',
);
export const StageCounts = meta(
  z.object({ all: int, new: int, recruiterInterview: int, testing: int, customerInterview: int, finalist: int, hired: int, archive: int }),
  'StageCounts',
);
export const Comment = meta(z.object({ id: uuid, text: z.string(), createdAt: when, user: PersonRef }), 'VacancyComment');

const vacancyStatus = z.int().check(z.meta({ description: '1 published, 2 draft, 3 archived.' }));

export const Vacancy = meta(
  z.object({
    id: uuid,
    positionType: nullable(int),
    positionName: z.string(),
    quantity: int,
    departmentName: z.string(),
    hardSkills: z.array(z.string()),
    jobExperience: nullable(int),
    softSkills: z.array(SoftSkill),
    exceptionalRequirements: z.string(),
    country: z.literal('ru'),
    city: nullable(cityRef),
    cityId: nullable(int),
    address: z.string(),
    salary: nullable(z.number()),
    salaryTo: nullable(z.number()),
    schedule: nullable(int),
    bonus: z.string(),
    customers: z.array(PersonRef),
    mainCustomer: nullable(z.string()),
    status: vacancyStatus,
    recruiter: z.object(name),
    comments: z.array(Comment),
    createdAt: when,
    updatedAt: when,
    counts: StageCounts,
    editable: z.boolean(),
  }),
  'Vacancy',
);
export const VacancyPage = z.array(
  meta(
    z.object({
      id: uuid,
      positionName: z.string(),
      quantity: int,
      status: vacancyStatus,
      createdAt: when,
      city: nullable(cityRef),
      salary: nullable(z.number()),
      salaryTo: nullable(z.number()),
      customers: z.array(PersonRef),
      counts: StageCounts,
    }),
    'VacancyListItem',
  ),
);

const cardShape = {
  id: uuid,
  ...name,
  image: nullable(z.string()),
  dob: nullable(day),
  age: nullable(int),
  positionName: z.string(),
  salary: nullable(z.number()),
  salaryTo: nullable(z.number()),
  city: nullable(cityRef),
  schedule: z.array(int),
  createdAt: when,
  identityHidden: z.optional(z.boolean().check(z.meta({ description: 'A customer the candidate has not agreed to share with: name, photo, birth date, contacts and résumé are withheld.' }))),
};
const CandidateCard = meta(z.object(cardShape), 'CandidateCard');

const pagination = z.object({
  currentPage: int,
  totalPages: int,
  totalRecords: int,
  totalExact: z.optional(z.boolean().check(z.meta({ description: 'False: more than `totalRecords` match (see docs/api.md).' }))),
});
export const CandidatePage = z.object({ data: z.array(CandidateCard), pagination });

const RatingEntry = meta(z.object({ score: int, comment: z.string(), createdAt: when, user: z.object({ id: uuid, ...name, role }) }), 'RatingEntry');
export const Candidate = meta(
  z.object({
    ...cardShape,
    email: nullable(z.string()),
    phone: nullable(z.string()),
    resume: nullable(z.string()),
    resumeName: nullable(z.string()),
    skills: z.array(z.string()),
    jobExperience: z.array(z.object({ from: day, to: nullable(day), companyName: z.string(), companyInfo: z.string(), positionName: z.string(), positionDescription: z.string() })),
    education: z.array(z.object({ year: int, name: z.string(), description: z.string() })),
    langs: z.array(z.object({ lang: z.string(), level: z.string() })),
    pdStatus: z.int().check(z.meta({ description: '1 not asked, 2 asked, 3 declined, 4 approved, 5 expired.' })),
    pdHistory: z.array(
      z.object({
        kind: z.enum(['requested', 'approved', 'declined', 'send_failed', 'expired']),
        at: when,
        email: z.string(),
        ip: nullable(z.string()),
        by: z.optional(nullable(z.object(name))),
      }),
    ),
    pdMail: nullable(mailState),
    pdGrants: z.array(z.object({ recipient: z.enum(['company', 'customer']), customerId: nullable(uuid), name: nullable(z.string()), granted: z.boolean(), at: when })),
    pdMissing: z.array(z.object({ id: uuid, name: z.string() })),
    funnel: nullable(
      z.object({
        vacancyId: uuid,
        stage,
        priority,
        stageChangedAt: when,
        ratings: z.array(RatingEntry),
        average: nullable(z.number()),
        allowedStages: z.array(stage),
        history: z.array(z.object({ kind: z.string(), from: nullable(z.string()), to: nullable(z.string()), at: when, user: nullable(z.object(name)) })),
      }),
    ),
  }),
  'Candidate',
);

export const FunnelPage = z.object({
  data: z.array(meta(z.object({ ...cardShape, stage, priority, stageChangedAt: when, average: nullable(z.number()), ratingsCount: int }), 'FunnelCandidate')),
  pagination,
});
export const Added = z.object({ added: int.check(z.meta({ description: 'How many were new on the vacancy.' })) });
export const FunnelEntry = z.union([z.object({ stage, stageChangedAt: when }), z.object({ priority })]);
export const Rating = z.object({ ratings: z.array(RatingEntry), average: nullable(z.number()) });

export const ParsedResume = z.object({
  draft: z.object({ name: z.string(), original: z.string() }),
  fields: z.object({
    name: z.optional(z.string()),
    surname: z.optional(z.string()),
    email: z.optional(z.string()),
    phone: z.optional(z.string()),
    positionName: z.optional(z.string()),
    salary: z.optional(z.string()),
    salaryTo: z.optional(z.string()),
    salaryCurrency: z.optional(z.enum(['RUB', 'USD', 'EUR'])),
    city: z.optional(cityRef),
    jobExperience: z.optional(z.array(z.object({ from: day, to: nullable(day), companyName: z.string(), companyInfo: z.string(), positionName: z.string(), positionDescription: z.string() }))),
    education: z.optional(z.array(z.object({ year: z.string(), name: z.string(), description: z.string() }))),
    langs: z.optional(z.array(z.object({ lang: z.string(), level: z.string() }))),
  }),
  unreadable: z.optional(z.enum(['doc', 'damaged', 'too_large', 'timeout', 'busy', 'empty'])),
});

export const ConsentRequested = z.object({ pdStatus: int });
export const ConsentAnswered = z.object({
  response: z.enum(['approved', 'declined']),
  shared: z.optional(z.array(z.string()).check(z.meta({ description: 'Names of the customers the candidate shares with.' }))),
  refused: z.optional(z.array(z.string())),
});
export const RightsRequests = z.object({
  requests: z.array(z.object({ id: uuid, kind: z.enum(['copy', 'erasure']), byCandidate: z.boolean(), createdAt: when, doneAt: nullable(when), expiresAt: nullable(when) })),
});
export const ExportQueued = z.object({ requestId: uuid });
export const Erased = z.object({ number: int.check(z.meta({ description: "The candidate's number in the space, which stays." })) });

export const Interview = meta(
  z.object({
    id: uuid,
    startsAt: when,
    durationMinutes: int,
    kind: z.enum(INTERVIEW_KINDS),
    location: z.string(),
    status: z.enum(['scheduled', 'cancelled']),
    sequence: int.check(z.meta({ description: 'The version; an edit sends back the one it was loaded at.' })),
    createdBy: nullable(uuid),
    candidateInvited: z.boolean(),
    candidate: z.object({ id: uuid, ...name, hasEmail: z.boolean() }),
    vacancy: nullable(z.object({ id: uuid, positionName: z.string() })),
    participants: z.array(z.object({ id: uuid, ...name, timeZone: z.string() })),
  }),
  'Interview',
);

const ChatUser = z.object({ id: uuid, ...name, image: nullable(z.string()) });
export const Message = meta(z.object({ id: uuid, userId: uuid, recipientId: uuid, text: z.string(), createdAt: when, read: z.boolean() }), 'Message');
export const ChatList = z.object({
  chats: z.array(z.object({ user: ChatUser, lastMessage: nullable(Message), newMessagesCount: int })),
  contacts: z.array(z.object({ ...ChatUser.shape, role: int.check(z.meta({ description: 'Their role: 1 company, 2 recruiter, 3 customer.' })) })),
});
export const MessagePage = z.object({ user: ChatUser, data: z.array(Message), pagination });
export const MessageIds = z.object({ messageIds: z.array(uuid).check(z.meta({ description: 'The ones that were marked read.' })) });

export const TicketMessage = meta(z.object({ id: uuid, userId: uuid, text: z.string(), createdAt: when, user: z.object({ ...name, staff: z.boolean() }) }), 'TicketMessage');
const ticketShape = {
  id: uuid,
  title: z.string(),
  description: z.string(),
  createdAt: when,
  userId: uuid.check(z.meta({ description: 'Who opened it.' })),
  messagesCount: int,
  answered: z.boolean().check(z.meta({ description: "The last message is someone else's than the author's (the support's): an answer for the author to read. False while the author waits for one." })),
  closedAt: nullable(when).check(z.meta({ description: 'When the author or the support closed it; null while it is open. A new message opens it again.' })),
  author: z.optional(z.object({ ...name, email: z.string() })),
};
export const Ticket = meta(z.object(ticketShape), 'Ticket');
export const TicketState = z.object({ id: uuid, closedAt: nullable(when) });
export const TicketWithMessages = z.object({ ...ticketShape, messages: z.array(TicketMessage) });

export const FeedItem = meta(
  z.object({
    id: uuid,
    kind: z.enum(['candidate_added', 'added_to_vacancy', 'stage', 'priority', 'rating', 'pd_requested', 'pd_answered', 'comment', ...INTERVIEW_EVENTS]),
    at: when,
    user: nullable(z.object(name)),
    candidate: nullable(z.object({ id: uuid, ...name })),
    vacancy: nullable(z.object({ id: uuid, positionName: z.string() })),
    from: nullable(z.string()),
    to: nullable(z.string()),
  }),
  'FeedItem',
);

export const NotificationPage = z.object({
  data: z.array(
    meta(
      z.object({
        id: uuid,
        kind: z.enum(['stage', 'rated', 'interview_requested', 'consent', 'interview_scheduled', 'interview_changed', 'interview_cancelled', 'chat_unread', 'application', 'vacancy_customer', 'rights_request']),
        text: z.string().check(z.meta({ description: "The sentence, in the reader's language." })),
        link: z.string(),
        createdAt: when,
        read: z.boolean(),
      }),
      'Notification',
    ),
  ),
  unread: int,
  pagination,
});
export const Unread = z.object({ unread: int, read: z.array(uuid) });

export const City = meta(z.object({ id: int, name: z.string(), region: nullable(z.string()) }), 'City');

export const Audit = z.object({
  events: z.array(
    meta(
      z.object({
        id: uuid,
        at: when,
        action: z.enum(AUDIT_ACTION_NAMES),
        actorKind: z.enum(['user', 'candidate', 'system']),
        actorName: nullable(z.string()),
        candidateId: nullable(uuid),
        candidateNumber: nullable(int),
        details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      }),
      'AuditEvent',
    ),
  ),
});
export const Retention = z.object({ retentionDays: int, consentMonths: int });
export const RetentionWithUpcoming = z.object({
  ...Retention.shape,
  upcoming: z.array(z.object({ candidateId: uuid, number: int, name: z.string(), pdStatus: int, at: when })),
});

export const WebhookEndpoint = meta(z.object({ id: uuid, url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), createdAt: when }), 'WebhookEndpoint');
export const WebhookEndpointWithSecret = z.object({ ...WebhookEndpoint.shape, secret: z.string().check(z.meta({ description: 'Signs every delivery (HMAC-SHA256); shown only in this answer.' })) });
export const WebhookDelivery = meta(
  z.object({
    id: uuid,
    event: z.string(),
    status: z.enum(['queued', 'retrying', 'succeeded', 'failed']),
    attempts: int,
    responseStatus: nullable(int),
    lastError: nullable(z.string()),
    lastAttemptAt: nullable(when),
    createdAt: when,
  }),
  'WebhookDelivery',
);

export const Duplicates = z.object({
  data: z.array(
    meta(
      z.object({ id: uuid, ...name, positionName: z.string(), number: int.check(z.meta({ description: "The candidate's number in the space." })), reasons: z.array(z.enum(DUPLICATE_REASONS)) }),
      'Duplicate',
      'A candidate of the space who may be the same person, with why: the same address, the same phone, or the same name and birth date.',
    ),
  ),
});

const skipReasons = z.record(z.string(), int).check(z.meta({ description: 'Skipped candidates per reason, an error key of the translation files.' }));
export const BulkProgress = meta(
  z.object({
    id: uuid,
    action: z.enum(BULK_ACTIONS),
    status: z.enum(['running', 'done', 'failed']),
    total: int,
    done: int,
    applied: int,
    skipped: int,
    reasons: skipReasons,
    skips: z.array(z.object({ candidateId: z.string(), reason: z.string() })).check(z.meta({ description: 'The first 100 skipped candidates with their reason (an error key); an id outside the list is answered as given.' })),
  }),
  'BulkProgress',
  'Where a bulk action stands (docs/decisions/0030).',
);
export const BulkDryRun = meta(
  z.object({
    dryRun: z.literal(true),
    total: int,
    applied: nullable(int).check(z.meta({ description: 'Null past 200 candidates: the action would run in the background, uncounted.' })),
    skipped: nullable(int),
    reasons: skipReasons,
  }),
  'BulkDryRun',
  'What a bulk action would do; nothing changed.',
);
