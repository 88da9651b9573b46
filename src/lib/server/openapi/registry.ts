import * as z from 'zod/mini';
import { LoginSchema, RegisterSchema, ResendSchema, VerifyEmailSchema, ForgotPasswordSchema, ResetPasswordSchema } from '../../schemas/auth.ts';
import { BulkSchema } from '../../schemas/bulk.ts';
import { AddToVacancySchema, CandidateQuerySchema, CandidateSchema, CandidateViewQuerySchema, PdAnswerSchema, PdRequestSchema, PrioritySchema, RatingSchema, StageSchema } from '../../schemas/candidate.ts';
import { CitySearchSchema } from '../../schemas/catalog.ts';
import { ChatMessageSchema, ChatPageQuerySchema, ChatReadSchema, TicketMessageSchema, TicketStateSchema, TicketSchema } from '../../schemas/chat.ts';
import { ClientReportSchema } from '../../schemas/client-errors.ts';
import { InterviewCancelSchema, InterviewListQuerySchema, InterviewSchema, InterviewUpdateSchema } from '../../schemas/interview.ts';
import { DuplicateQuerySchema } from '../../schemas/merge.ts';
import { NotificationQuerySchema, NotificationReadSchema, NotifyMailSchema } from '../../schemas/notification.ts';
import { AuditQuerySchema, EraseSchema, RetentionSchema } from '../../schemas/rights.ts';
import { AccountDeletionSchema, EmailChangeSchema, EmailCodeSchema, InviteQuerySchema, InviteSchema, PasswordChangeSchema, ProfileSchema } from '../../schemas/user.ts';
import { CommentSchema, DraftVacancySchema, VacancyFilterSchema, VacancySchema } from '../../schemas/vacancy.ts';
import { WebhookEndpointBodySchema } from '../../schemas/webhook.ts';
import * as R from '../../schemas/api-responses.ts';

/**
 * Every endpoint under /api/v1, for the OpenAPI document (docs/decisions/0031). The request
 * schemas are the very objects the routes parse with; tests/api/openapi.test.ts fails when a
 * route file is missing here or an answer differs from what is written here.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Access = 'public' | 'signed-in' | 'unverified' | 'recruiter' | 'company';

type Schema = z.ZodMiniType;
type Params = z.ZodMiniObject;

export interface Success {
  status: number;
  schema?: Schema;
  binary?: string[];
  description?: string;
}

export interface Operation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: Params;
  query?: Params;
  /** A JSON body (a urlencoded or multipart form with the same fields is read alike). */
  body?: Schema;
  /** A multipart form, for uploads. */
  form?: Schema;
  /** The success: its status and body (none for 204); `binary` names a file's media types. */
  success: Success;
  /** Another success status it may answer, with its own body (a bulk action queued: 202). */
  alsoSuccess?: Success;
  /** Error answers beyond the ones its access, params and body imply, with their keys. */
  errors?: Record<number, string[]>;
}

const id = z.object({ id: z.string().check(z.meta({ description: 'The id (a UUID).' })) });
const pair = z.object({ vacancyId: z.string(), candidateId: z.string() });

const PhotoForm = z.object({ file: z.string().check(z.meta({ format: 'binary', description: 'A JPEG, PNG or WebP image, at most 5 MB.' })) });
const CandidateFileForm = z.object({
  candidateId: z.string(),
  file: z.optional(z.string().check(z.meta({ format: 'binary', description: 'PDF, DOC or DOCX by content, at most 10 MB.' }))),
  draft: z.optional(z.string().check(z.meta({ description: 'Instead of `file`: the draft name `parse-resume` answered.' }))),
});
const CandidatePhotoForm = z.object({ candidateId: z.string(), file: PhotoForm.shape.file });
const ParseResumeForm = z.object({
  file: z.string().check(z.meta({ format: 'binary', description: 'PDF, DOC or DOCX by content, at most 10 MB.' })),
  lang: z.optional(z.enum(['en', 'ru'])),
});
const VacancyBody = z.union([DraftVacancySchema, VacancySchema]);

const UPLOAD_ERRORS = { 413: ['error.upload.image_too_large', 'error.upload.image_too_many_pixels', 'error.common.body_too_large'], 415: ['error.upload.not_an_image', 'error.common.invalid_body'] };
const RESUME_ERRORS = { 413: ['error.upload.resume_too_large'], 415: ['error.upload.not_a_resume', 'error.common.invalid_body'] };

export const OPERATIONS: Operation[] = [
  // auth
  { method: 'post', path: '/api/v1/auth/email/register', tag: 'auth', summary: 'Register with e-mail and password', description: 'Mails a code to confirm the address; answers an access token and sets the refresh cookie.', access: 'public', body: RegisterSchema, success: { status: 201, schema: R.Grant }, errors: { 422: ['error.user.email_exists'], 429: ['error.mail.client_limit', 'error.mail.recipient_limit'] } },
  { method: 'post', path: '/api/v1/auth/email/login', tag: 'auth', summary: 'Sign in', description: 'Wrong passwords are capped per address and client (10 per 15 minutes), per client (50), per address from browsers that never signed in to it (20, wherever they are), and per browser that did (10); a right password spends none of the last two. Every successful sign-in sets that browser’s device cookie `dv`.', access: 'public', body: LoginSchema, success: { status: 200, schema: R.Grant }, errors: { 403: ['error.user.banned'], 422: ['error.common.wrong_email_or_password', 'error.common.deleted_account'], 429: ['error.common.too_many_requests', 'error.user.login_guarded'] } },
  { method: 'post', path: '/api/v1/auth/refresh', tag: 'auth', summary: 'Trade the refresh cookie for an access token', description: 'Rotates the cookie at most every 5 minutes.', access: 'public', success: { status: 200, schema: R.AccessToken }, errors: { 401: ['error.common.unauthorized'] } },
  { method: 'post', path: '/api/v1/auth/logout', tag: 'auth', summary: 'Sign out', description: 'Ends the session and clears the refresh cookie.', access: 'unverified', success: { status: 200, schema: R.Ok } },
  { method: 'post', path: '/api/v1/auth/verify/email', tag: 'auth', summary: 'Confirm the address with the mailed code', access: 'public', body: VerifyEmailSchema, success: { status: 200, schema: R.User }, errors: { 422: ['error.user.wrong_code'], 429: ['error.user.email_send_max_attempts_reached', 'error.common.too_many_requests'] } },
  { method: 'post', path: '/api/v1/auth/verify/email/resend', tag: 'auth', summary: 'Mail the code again', access: 'public', body: ResendSchema, success: { status: 200, schema: R.Sent }, errors: { 429: ['error.user.email_send_max_attempts_reached', 'error.mail.client_limit', 'error.mail.recipient_limit'] } },
  { method: 'post', path: '/api/v1/auth/password/forgot', tag: 'auth', summary: 'Mail a link to set a new password', description: 'Answers the same whether the address has an account or not. The link holds the address and a one-time token, works for 60 minutes, and a newer one, a new address or a new password voids it; 5 an hour per address.', access: 'public', body: ForgotPasswordSchema, success: { status: 200, schema: R.Sent }, errors: { 429: ['error.user.email_send_max_attempts_reached', 'error.mail.client_limit', 'error.mail.recipient_limit'] } },
  { method: 'post', path: '/api/v1/auth/password/reset', tag: 'auth', summary: "Set a new password with the mailed link's token", description: 'Uses the token up and ends every session of the account. A wrong, used, replaced or expired token, a link to an address the account no longer has, or an unknown address, answers the same 422 and spends nothing; 30 wrong tries per 15 minutes per client, a right link always passes.', access: 'public', body: ResetPasswordSchema, success: { status: 200, schema: R.Ok }, errors: { 422: ['error.user.reset_link_invalid'], 429: ['error.common.too_many_requests'] } },

  // the user's own account
  { method: 'get', path: '/api/v1/users/profile', tag: 'profile', summary: 'The signed-in user', description: 'Also before the address is confirmed.', access: 'unverified', success: { status: 200, schema: R.User } },
  { method: 'put', path: '/api/v1/users/profile', tag: 'profile', summary: 'Change name, company name, language, time zone', access: 'signed-in', body: ProfileSchema, success: { status: 200, schema: R.User } },
  { method: 'delete', path: '/api/v1/users/profile', tag: 'profile', summary: 'Delete the account', description: 'Asks for the current password (10 tries per 15 minutes per session, shared with the password and address changes).', access: 'unverified', body: AccountDeletionSchema, success: { status: 200, schema: R.Deleted }, errors: { 422: ['error.user.wrong_password'], 429: ['error.common.too_many_requests'] } },
  { method: 'post', path: '/api/v1/users/profile/email', tag: 'profile', summary: 'Ask to change the e-mail address', description: 'Asks for the current password (checked before the address), then mails a code to the new address.', access: 'signed-in', body: EmailChangeSchema, success: { status: 200, schema: R.EmailSent }, errors: { 422: ['error.user.wrong_password', 'error.user.email_exists'], 429: ['error.common.too_many_requests', 'error.user.email_send_max_attempts_reached', 'error.mail.client_limit', 'error.mail.recipient_limit'] } },
  { method: 'post', path: '/api/v1/users/profile/email/verify', tag: 'profile', summary: 'Confirm the new address with the mailed code', access: 'signed-in', body: EmailCodeSchema, success: { status: 200, schema: R.NewEmail }, errors: { 422: ['error.user.wrong_code', 'error.user.email_exists'], 429: ['error.user.email_send_max_attempts_reached', 'error.common.too_many_requests'] } },
  { method: 'put', path: '/api/v1/users/profile/password', tag: 'profile', summary: 'Change the password', description: "Ends the user's other sessions. The current password: 10 tries per 15 minutes per session.", access: 'signed-in', body: PasswordChangeSchema, success: { status: 200, schema: R.Ok }, errors: { 422: ['error.user.wrong_password'], 429: ['error.common.too_many_requests'] } },
  { method: 'put', path: '/api/v1/users/profile/notifications', tag: 'profile', summary: 'How notifications come by mail', description: '`instant`, `digest` (08:00 in the user\'s zone) or `off`.', access: 'signed-in', body: NotifyMailSchema, success: { status: 200, schema: R.NotifyMail } },
  { method: 'post', path: '/api/v1/users/profile/photo', tag: 'profile', summary: 'Upload the profile photo', description: 'Answers the stored file name, served under /uploads.', access: 'signed-in', form: PhotoForm, success: { status: 200, schema: R.Image }, errors: UPLOAD_ERRORS },

  // the team
  { method: 'get', path: '/api/v1/users/invite', tag: 'team', summary: "The space's invitations and people", access: 'signed-in', query: InviteQuerySchema, success: { status: 200, schema: R.InviteList } },
  { method: 'delete', path: '/api/v1/users/invite/{id}', tag: 'team', summary: 'Take an entry off the team lists', description: "`id` is the entry's `inviteId`. An open invitation is withdrawn (its link stops working); a registered person leaves the space: their sessions end, they can no longer sign in, their name stays on what they did. A company removes anyone of its space, a recruiter the customers they invited.", access: 'signed-in', params: id, success: { status: 200, schema: R.Removed }, errors: { 403: ['error.common.forbidden'] } },
  { method: 'post', path: '/api/v1/users/invite', tag: 'team', summary: 'Invite a recruiter or a customer', description: '30 invitations per person an hour.', access: 'signed-in', body: InviteSchema, success: { status: 201, schema: R.Invite }, errors: { 403: ['error.user.invite_forbidden'], 422: ['error.user.email_exists'], 429: ['error.common.too_many_requests', 'error.mail.space_limit', 'error.mail.client_limit', 'error.mail.recipient_limit'] } },

  // vacancies
  { method: 'get', path: '/api/v1/vacancy', tag: 'vacancies', summary: 'Vacancies the user sees, paged', description: 'The answer (gzip) is kept per user, language and zone until something in the space changes or the minute ends; a change made with this API shows at once on the server that answered it, and within milliseconds elsewhere. `Cache-Control: no-cache` asks for a fresh answer.', access: 'signed-in', query: VacancyFilterSchema, success: { status: 200, schema: R.VacancyPage } },
  { method: 'post', path: '/api/v1/vacancy', tag: 'vacancies', summary: 'Create a vacancy', description: 'A draft (no `status`, or 2) needs only `positionName`; publishing (`status: 1`) checks every rule.', access: 'recruiter', body: VacancyBody, success: { status: 201, schema: R.Vacancy }, errors: { 403: ['error.vacancy.edit_forbidden'] } },
  { method: 'get', path: '/api/v1/vacancy/{id}', tag: 'vacancies', summary: 'One vacancy', access: 'signed-in', params: id, success: { status: 200, schema: R.Vacancy } },
  { method: 'put', path: '/api/v1/vacancy/{id}', tag: 'vacancies', summary: 'Edit a vacancy', description: 'An edit without `status` keeps the vacancy\'s, and is checked by its rules.', access: 'recruiter', params: id, body: VacancyBody, success: { status: 200, schema: R.Vacancy }, errors: { 403: ['error.vacancy.edit_forbidden'], 409: ['error.vacancy.archived'] } },
  { method: 'delete', path: '/api/v1/vacancy/{id}', tag: 'vacancies', summary: 'Archive a vacancy', access: 'recruiter', params: id, success: { status: 200, schema: R.Archived }, errors: { 403: ['error.vacancy.edit_forbidden'] } },
  { method: 'post', path: '/api/v1/vacancy/comment', tag: 'vacancies', summary: "Comment on a vacancy's feed", access: 'recruiter', body: CommentSchema, success: { status: 201, schema: R.Comment } },
  { method: 'get', path: '/api/v1/vacancy/soft-skills', tag: 'vacancies', summary: 'The soft-skill catalogue, both languages', access: 'signed-in', success: { status: 200, schema: R.SoftSkills } },

  // candidates
  { method: 'get', path: '/api/v1/candidates', tag: 'candidates', summary: "The space's candidates, paged and filtered", description: 'Counts exactly up to 10,000 (`pagination.totalExact`), see docs/api.md.', access: 'recruiter', query: CandidateQuerySchema, success: { status: 200, schema: R.CandidatePage } },
  { method: 'post', path: '/api/v1/candidates', tag: 'candidates', summary: 'Create a candidate', access: 'recruiter', body: CandidateSchema, success: { status: 201, schema: R.Candidate }, errors: { 403: ['error.common.forbidden'], 409: ['error.vacancy.archived'] } },
  { method: 'get', path: '/api/v1/candidates/{id}', tag: 'candidates', summary: 'One candidate', access: 'signed-in', params: id, query: CandidateViewQuerySchema, success: { status: 200, schema: R.Candidate } },
  { method: 'put', path: '/api/v1/candidates/{id}', tag: 'candidates', summary: 'Edit a candidate', access: 'recruiter', params: id, body: CandidateSchema, success: { status: 200, schema: R.Candidate }, errors: { 409: ['error.rights.erased'] } },
  { method: 'get', path: '/api/v1/candidates/{id}/resume', tag: 'candidates', summary: "Download the candidate's résumé", description: 'Logged in the space\'s personal-data log; a customer needs the candidate\'s consent to share.', access: 'signed-in', params: id, success: { status: 200, binary: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] } },
  { method: 'get', path: '/api/v1/candidates/{id}/rights', tag: 'candidates', summary: "The candidate's requests about their data, newest first", access: 'recruiter', params: id, success: { status: 200, schema: R.RightsRequests } },
  { method: 'post', path: '/api/v1/candidates/{id}/export', tag: 'candidates', summary: 'Mail the candidate a copy of their data', access: 'recruiter', params: id, success: { status: 202, schema: R.ExportQueued }, errors: { 409: ['error.rights.erased'], 422: ['error.pd.no_email'], 429: ['error.mail.space_limit', 'error.mail.recipient_limit'] } },
  { method: 'post', path: '/api/v1/candidates/{id}/erase', tag: 'candidates', summary: 'Anonymise the candidate for good', access: 'recruiter', params: id, body: EraseSchema, success: { status: 200, schema: R.Erased }, errors: { 409: ['error.rights.erased'] } },
  { method: 'post', path: '/api/v1/candidates/photo', tag: 'candidates', summary: "Upload a candidate's photo", access: 'recruiter', form: CandidatePhotoForm, success: { status: 200, schema: R.Image }, errors: UPLOAD_ERRORS },
  { method: 'post', path: '/api/v1/candidates/resume', tag: 'candidates', summary: "Attach a candidate's résumé", description: 'A file, or the draft `parse-resume` kept.', access: 'recruiter', form: CandidateFileForm, success: { status: 200, schema: R.Resume }, errors: RESUME_ERRORS },
  { method: 'post', path: '/api/v1/candidates/parse-resume', tag: 'candidates', summary: "Read a résumé's fields for the candidate form", description: 'Saves no candidate; see docs/api.md. 30 per person in 10 minutes.', access: 'recruiter', form: ParseResumeForm, success: { status: 200, schema: R.ParsedResume }, errors: { ...RESUME_ERRORS, 429: ['error.common.too_many_requests'] } },
  { method: 'get', path: '/api/v1/candidates/duplicates', tag: 'candidates', summary: "The space's likely duplicates of what a candidate form holds", description: 'By the same address, the same phone (digits), or the same name, surname and birth date; `excludeId` leaves the candidate being edited out. See docs/decisions/0029.', access: 'recruiter', query: DuplicateQuerySchema, success: { status: 200, schema: R.Duplicates } },
  {
    method: 'post',
    path: '/api/v1/candidates/bulk',
    tag: 'candidates',
    summary: 'Add to a vacancy, move, archive or ask consent for many candidates at once',
    description:
      '`ids` or `filter` (the list\'s query parameters), of the database or of the vacancy `vacancyId`. Up to 200 are done in the request (200, `status: done`); more are queued (202, `status: running`). `dryRun: true` answers the counts and changes nothing. A candidate the single action would refuse is skipped with that error key. A customer may only move and archive on a vacancy of theirs. See docs/api.md.',
    access: 'signed-in',
    body: BulkSchema,
    success: { status: 200, schema: z.union([R.BulkProgress, R.BulkDryRun]), description: 'Done in the request, or a dry run\'s counts.' },
    alsoSuccess: { status: 202, schema: R.BulkProgress, description: 'Over 200 candidates: queued; follow it with `GET /api/v1/candidates/bulk/{id}`.' },
    errors: { 404: ['error.common.not_found'], 409: ['error.vacancy.not_published'], 422: ['error.bulk.empty', 'error.bulk.over_limit'] },
  },
  { method: 'get', path: '/api/v1/candidates/bulk/{id}', tag: 'candidates', summary: 'Where a bulk action stands', description: 'To the person who started it; finished ones go after a week.', access: 'signed-in', params: id, success: { status: 200, schema: R.BulkProgress } },
  { method: 'post', path: '/api/v1/candidates/pd', tag: 'candidates', summary: 'Ask the candidate for consent to process their data', access: 'recruiter', body: PdRequestSchema, success: { status: 200, schema: R.ConsentRequested }, errors: { 409: ['error.pd.already_approved', 'error.rights.erased'], 422: ['error.pd.no_email'], 429: ['error.mail.space_limit', 'error.mail.recipient_limit'] } },
  { method: 'post', path: '/api/v1/verify/candidate/pd', tag: 'candidates', summary: "The candidate's answer through the mailed link", description: 'Public: the token is the key.', access: 'public', body: PdAnswerSchema, success: { status: 200, schema: R.ConsentAnswered }, errors: { 404: ['error.rights.invalid_token'], 409: ['error.pd.used'] } },

  // funnels
  { method: 'post', path: '/api/v1/candidates/vacancy', tag: 'funnels', summary: 'Add candidates to a vacancy', access: 'recruiter', body: AddToVacancySchema, success: { status: 201, schema: R.Added }, errors: { 409: ['error.vacancy.archived', 'error.vacancy.not_published'] } },
  { method: 'get', path: '/api/v1/candidates/vacancy/{id}', tag: 'funnels', summary: "A vacancy's candidates, paged, with stage, priority and rating", access: 'signed-in', params: id, query: CandidateQuerySchema, success: { status: 200, schema: R.FunnelPage } },
  { method: 'post', path: '/api/v1/candidates/vacancy/{id}', tag: 'funnels', summary: 'Add candidates to this vacancy', access: 'recruiter', params: id, body: z.object({ candidatesIds: AddToVacancySchema.shape.candidatesIds }), success: { status: 201, schema: R.Added }, errors: { 409: ['error.vacancy.archived', 'error.vacancy.not_published'] } },
  { method: 'get', path: '/api/v1/candidates/vacancy/statistic/{id}', tag: 'funnels', summary: 'Candidates per stage', access: 'signed-in', params: id, success: { status: 200, schema: R.StageCounts } },
  { method: 'put', path: '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/stage', tag: 'funnels', summary: 'Move a candidate to a stage', description: '`from` names the stage it moves from; when that changed meanwhile, the move is refused (409).', access: 'signed-in', params: pair, body: StageSchema, success: { status: 200, schema: R.FunnelEntry }, errors: { 403: ['error.funnel.stage_forbidden'], 409: ['error.funnel.stage_changed', 'error.vacancy.archived'] } },
  { method: 'put', path: '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/priority', tag: 'funnels', summary: "Set a candidate's priority on a vacancy", access: 'recruiter', params: pair, body: PrioritySchema, success: { status: 200, schema: R.FunnelEntry }, errors: { 409: ['error.vacancy.archived'] } },
  { method: 'post', path: '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/rating', tag: 'funnels', summary: 'Rate a candidate on a vacancy', access: 'signed-in', params: pair, body: RatingSchema, success: { status: 201, schema: R.Rating }, errors: { 409: ['error.vacancy.archived'] } },

  // interviews
  { method: 'get', path: '/api/v1/interviews', tag: 'interviews', summary: 'Upcoming interviews', access: 'signed-in', query: InterviewListQuerySchema, success: { status: 200, schema: z.array(R.Interview) } },
  { method: 'post', path: '/api/v1/interviews', tag: 'interviews', summary: 'Schedule an interview', description: 'Everyone gets an invitation with an .ics. A vacancy named must be one the candidate is on (else 400, `errors.vacancyId`).', access: 'recruiter', body: InterviewSchema, success: { status: 201, schema: R.Interview }, errors: { 409: ['error.vacancy.archived'] } },
  { method: 'get', path: '/api/v1/interviews/{id}', tag: 'interviews', summary: 'One interview, whatever its state', access: 'signed-in', params: id, success: { status: 200, schema: R.Interview } },
  { method: 'put', path: '/api/v1/interviews/{id}', tag: 'interviews', summary: 'Edit or reschedule an interview', description: '`sequence` is the version the form was loaded at; a stale one is a 409.', access: 'recruiter', params: id, body: InterviewUpdateSchema, success: { status: 200, schema: R.Interview }, errors: { 409: ['interview.error.changed', 'interview.error.cancelled'] } },
  { method: 'post', path: '/api/v1/interviews/{id}/cancel', tag: 'interviews', summary: 'Cancel an interview', access: 'recruiter', params: id, body: InterviewCancelSchema, success: { status: 200, schema: R.Interview }, errors: { 409: ['interview.error.changed', 'interview.error.cancelled'] } },

  // chats and help
  { method: 'get', path: '/api/v1/chats', tag: 'chats', summary: 'The chat list and the people one can start a chat with', access: 'signed-in', success: { status: 200, schema: R.ChatList } },
  { method: 'get', path: '/api/v1/chats/{id}', tag: 'chats', summary: 'A dialog\'s messages, newest page first', description: '`id` is the other person\'s.', access: 'signed-in', params: id, query: ChatPageQuerySchema, success: { status: 200, schema: R.MessagePage } },
  { method: 'post', path: '/api/v1/chats/{id}', tag: 'chats', summary: 'Send a message', description: 'The same as the socket\'s chat-message.', access: 'signed-in', params: id, body: z.object({ text: ChatMessageSchema.shape.text }), success: { status: 201, schema: R.Message }, errors: { 429: ['error.common.too_many_requests'] } },
  { method: 'put', path: '/api/v1/chats/{id}', tag: 'chats', summary: "Mark a dialog's messages read", access: 'signed-in', params: id, body: ChatReadSchema, success: { status: 200, schema: R.MessageIds } },
  { method: 'get', path: '/api/v1/help', tag: 'help', summary: "The user's support tickets", access: 'signed-in', success: { status: 200, schema: z.array(R.Ticket) } },
  { method: 'post', path: '/api/v1/help', tag: 'help', summary: 'Open a support ticket', access: 'signed-in', body: TicketSchema, success: { status: 201, schema: R.Ticket } },
  { method: 'get', path: '/api/v1/help/{id}', tag: 'help', summary: 'A ticket with its messages', access: 'signed-in', params: id, success: { status: 200, schema: R.TicketWithMessages } },
  { method: 'post', path: '/api/v1/help/{id}', tag: 'help', summary: 'Write in a ticket', access: 'signed-in', params: id, body: z.object({ text: TicketMessageSchema.shape.text }), success: { status: 201, schema: R.TicketMessage } },
  { method: 'put', path: '/api/v1/help/{id}', tag: 'help', summary: 'Close a ticket, or open it again', description: 'The author or the support (admin, dev). Closing a closed ticket keeps the time it was first closed; a new message opens a closed ticket again. 60 changes an hour per person.', access: 'signed-in', params: id, body: TicketStateSchema, success: { status: 200, schema: R.TicketState }, errors: { 429: ['error.common.too_many_requests'] } },

  // the rest of a day's work
  { method: 'get', path: '/api/v1/feed', tag: 'feed', summary: "The space's recent events", access: 'signed-in', success: { status: 200, schema: z.array(R.FeedItem) } },
  { method: 'get', path: '/api/v1/notifications', tag: 'notifications', summary: "The user's notifications, newest first, with the unread count", access: 'signed-in', query: NotificationQuerySchema, success: { status: 200, schema: R.NotificationPage } },
  { method: 'post', path: '/api/v1/notifications/read', tag: 'notifications', summary: 'Mark notifications read', description: '`{ ids }` of one\'s own, or `{ all: true }`; answers the new unread count.', access: 'signed-in', body: NotificationReadSchema, success: { status: 200, schema: R.Unread } },
  { method: 'get', path: '/api/v1/search/cities', tag: 'catalogue', summary: "Cities by a name's beginning", description: 'Named in the user\'s language or `?lng=`; under 3 characters, an empty list; past 40, the first 40 are read. Two searches of one person run at once (a third answers 429), six in all (then 503).', access: 'signed-in', query: CitySearchSchema, success: { status: 200, schema: z.array(R.City) }, errors: { 429: ['error.common.too_many_requests'], 503: ['error.common.unavailable'] } },

  // the space
  { method: 'get', path: '/api/v1/space/audit', tag: 'space', summary: "The space's personal-data log, newest first", description: 'Days `from` and `to` are in the reader\'s time zone.', access: 'company', query: AuditQuerySchema, success: { status: 200, schema: R.Audit } },
  { method: 'get', path: '/api/v1/space/retention', tag: 'space', summary: 'Retention settings and who is anonymised within 7 days', access: 'recruiter', success: { status: 200, schema: R.RetentionWithUpcoming } },
  { method: 'put', path: '/api/v1/space/retention', tag: 'space', summary: 'Change the retention settings', access: 'company', body: RetentionSchema, success: { status: 200, schema: R.Retention } },
  { method: 'get', path: '/api/v1/webhooks', tag: 'webhooks', summary: "The space's webhook endpoints", access: 'company', success: { status: 200, schema: z.array(R.WebhookEndpoint) } },
  { method: 'post', path: '/api/v1/webhooks', tag: 'webhooks', summary: 'Add a webhook endpoint', description: 'The answer carries the signing secret, shown this once. At most 10 per space.', access: 'company', body: WebhookEndpointBodySchema, success: { status: 201, schema: R.WebhookEndpointWithSecret }, errors: { 409: ['webhooks.error.limit_reached'] } },
  { method: 'delete', path: '/api/v1/webhooks/{id}', tag: 'webhooks', summary: 'Remove a webhook endpoint with its delivery log', access: 'company', params: id, success: { status: 204 } },
  { method: 'get', path: '/api/v1/webhooks/{id}/deliveries', tag: 'webhooks', summary: "An endpoint's delivery log, newest first", access: 'company', params: id, success: { status: 200, schema: z.array(R.WebhookDelivery) } },
  { method: 'post', path: '/api/v1/webhooks/{id}/test', tag: 'webhooks', summary: 'Send the test event', description: 'Ten per endpoint in ten minutes.', access: 'company', params: id, success: { status: 202, schema: R.WebhookDelivery }, errors: { 429: ['error.common.too_many_requests'] } },

  // the pages' own reporting
  { method: 'post', path: '/api/v1/client-errors', tag: 'operating', summary: "A browser's error or sampled page view", description: 'Open to anyone; JSON of at most 16 KB; 60 per client address an hour.', access: 'public', body: ClientReportSchema, success: { status: 204 }, errors: { 413: ['error.common.body_too_large'], 429: ['error.common.too_many_requests'] } },
  { method: 'get', path: '/api/v1/openapi.json', tag: 'operating', summary: 'This description', access: 'public', success: { status: 200, schema: z.record(z.string(), z.unknown()) } },
];
