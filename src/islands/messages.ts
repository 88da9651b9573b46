import { pick } from '../lib/i18n/messages.ts';
import type { Locale, Messages } from '../lib/i18n/index.ts';

/** Every error and validation message: what an island's API calls may answer with. */
const ANSWERS = ['error', 'validation'];
const keys = (section: string, names: string[]) => names.map((name) => `${section}.${name}`);

/**
 * The message keys each island (by its file under src/islands) is given. They travel to the
 * browser in a file of their own (src/lib/server/message-files.ts), on a slow line, before the
 * island can work: so only the keys its code and the modules it imports use
 * (tests/unit/i18n.test.ts holds this list to that code), and the errors its API calls may
 * answer. A key `section.name` brings that key with its
 * plural forms and whatever it holds (pick()).
 */
export const ISLAND_MESSAGES = {
  'auth/LoginForm': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('auth', ['email', 'forgot_link', 'login_submit', 'password', 'remember']),
  ],
  'auth/ForgotForm': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('auth', ['email', 'forgot_again', 'forgot_sent', 'forgot_submit', 'forgot_text']),
  ],
  'auth/ResetForm': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('auth', ['forgot_again', 'password_hint', 'reset_done', 'reset_for', 'reset_password', 'reset_submit', 'to_login']),
  ],
  'auth/RegisterForm': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('auth', ['email', 'invited_as', 'invited_to', 'password', 'password_hint', 'register_submit', 'role', 'role_label']),
  ],
  'auth/ProfileStepForm': [
    ...ANSWERS,
    ...keys('app', ['close', 'crash_title', 'refresh']),
    ...keys('auth', ['company_name', 'continue', 'done', 'name', 'photo', 'registration_success', 'surname']),
    ...keys('upload', ['change_photo', 'choose_photo', 'error_title', 'no_file']),
  ],
  'auth/VerifyForm': [
    ...ANSWERS,
    ...keys('app', ['close', 'crash_title', 'refresh']),
    ...keys('auth', ['code', 'error_title', 'logout', 'resend', 'resent', 'verify_failed', 'verify_notice', 'verify_pending', 'verify_submit']),
  ],
  'dashboard/VacancyBoard': [
    ...keys('error', ['common', 'internal', 'vacancy']), 'validation',
    ...keys('app', ['crash_title', 'loading', 'refresh']),
    ...keys('dashboard', ['active_filters', 'add', 'apply', 'city_pick', 'col', 'create_first', 'customer', 'customer_all', 'empty_filtered', 'empty_none', 'empty_status', 'filter_title', 'filters', 'filters_active', 'found', 'invite_customer', 'min_chars', 'need_customer', 'period', 'period_label', 'remove_filter', 'reset', 'reset_filters', 'salary_bounds', 'salary_order', 'search_hint', 'search_label', 'search_placeholder', 'status']),
    // the filter's salary range; the vacancy form's other messages are not shown here
    'form.vacancy.salary_to',
    ...keys('vacancy', ['cancel', 'field', 'no_cities', 'salary_from_only', 'salary_range', 'status', 'statuses', 'vacancies']),
  ],
  'candidates-list/CandidatePicker': [
    // not the account's, the uploads' or the merge's errors: a list and its bulk actions do not
    // answer them; of the rights' errors only the one a bulk action may skip for
    ...keys('error', ['internal', 'common', 'vacancy', 'funnel', 'pd', 'mail', 'rights.erased', 'bulk']), 'validation',
    // the filter's salary range and the bulk bar's selection; not the candidate form's
    'form.vacancy.salary_to', 'form.candidate.select_required',
    ...keys('app', ['close', 'crash_title', 'loading', 'refresh']),
    ...keys('bulk', ['action', 'actions', 'all_selected', 'applied', 'cancel', 'clear', 'close', 'confirm', 'counting', 'error', 'failed', 'go', 'large', 'next', 'no_vacancies', 'progress', 'reason', 'reason_placeholder', 'select_all', 'select_page', 'select_row', 'selected', 'skip', 'skipped', 'stage', 'vacancy', 'vacancy_pick', 'will_skip', 'will_skip_all']),
    ...keys('candidate', ['age', 'field', 'stage']),
    ...keys('candidates_list', ['add_hint', 'add_new', 'add_selected', 'added', 'added_text', 'age', 'age_bounds', 'age_order', 'apply', 'cards_label', 'clear_selection', 'database_heading', 'depth_reached', 'empty_database', 'empty_filtered', 'filters', 'filters_active', 'from', 'not_given', 'not_published_title', 'open_vacancy', 'reset', 'salary', 'salary_bounds', 'salary_exact', 'salary_order', 'salary_range', 'salary_up_to', 'search', 'search_hint', 'search_placeholder', 'selected', 'sort', 'sort_option', 'timer', 'to', 'to_vacancy', 'total', 'total_at_least']),
    ...keys('vacancy', ['field', 'no_cities', 'schedule']),
  ],
  'candidates-list/VacancyCandidates': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'loading', 'refresh']),
    ...keys('bulk', ['action', 'actions', 'all_selected', 'applied', 'cancel', 'clear', 'close', 'confirm', 'counting', 'error', 'failed', 'go', 'large', 'next', 'no_vacancies', 'progress', 'reason', 'reason_placeholder', 'select_all', 'select_page', 'select_row', 'selected', 'skip', 'skipped', 'stage', 'vacancy', 'vacancy_pick', 'will_skip', 'will_skip_all']),
    ...keys('candidate', ['priority', 'stage']),
    ...keys('candidates_list', ['actions', 'add_candidate', 'add_from_database', 'add_new', 'col', 'counter', 'counters', 'empty_stage', 'empty_vacancy', 'no_score', 'not_given', 'salary_exact', 'salary_range', 'salary_up_to', 'score', 'show_all', 'shown', 'shown_at_least', 'table_label', 'timer', 'timer_since']),
    ...keys('vacancy', ['about', 'analytics', 'archive', 'archive_text', 'archive_title', 'cancel', 'compare_finalists', 'edit', 'send_to_customer', 'status']),
  ],
  'candidate-form/CandidateForm': [
    // the errors a candidate's save and upload can answer
    ...keys('error', ['common', 'vacancy', 'internal', 'upload', 'funnel', 'rights']), 'validation',
    'form',
    ...keys('app', ['close', 'crash_title', 'date', 'refresh']),
    ...keys('candidate', ['field']),
    ...keys('candidate_form', ['add_education', 'add_job', 'add_lang', 'added_to_vacancy', 'cancel', 'choose_resume', 'continue', 'create', 'created', 'education_n', 'from_resume', 'job_n', 'job_to_required', 'lang_n', 'level', 'no_education', 'no_jobs', 'no_langs', 'photo_hint', 'remove', 'remove_education', 'remove_file', 'remove_job', 'remove_lang', 'remove_skill', 'required_note', 'resume_chosen', 'resume_hint', 'save', 'saved', 'section', 'skills_hint', 'upload_failed_text', 'upload_failed_title']),
    ...keys('merge', ['form_note', 'form_title', 'open', 'reason']),
    ...keys('upload', ['change_photo', 'choose_photo', 'error_title']),
    ...keys('vacancy', ['choose', 'field', 'no_cities', 'schedule']),
  ],
  'candidate-profile/CandidateHeader': [
    ...ANSWERS,
    ...keys('app', ['close', 'crash_title', 'date', 'refresh']),
    ...keys('candidate', ['age', 'field', 'identity_hidden', 'pd', 'pd_status']),
    ...keys('candidate_profile', ['appointment', 'appointment_cancel', 'appointment_done', 'appointment_done_text', 'appointment_kind', 'appointment_length', 'appointment_minutes', 'appointment_people', 'appointment_submit', 'appointment_when', 'appointment_where', 'appointment_zone', 'appointment_zone_device', 'contacts', 'edit', 'no_resume', 'pd', 'photo_change', 'photo_upload', 'resume_download', 'resume_hint', 'resume_replace', 'resume_upload', 'timer', 'uploading']),
    ...keys('interview', ['edit_title', 'error', 'invite_candidate', 'invite_candidate_no_email', 'kind', 'no_people', 'reschedule_title', 'save']),
    ...keys('upload', ['error_title']),
  ],
  'candidate-profile/FunnelPanel': [
    ...ANSWERS,
    ...keys('app', ['close', 'crash_title', 'refresh']),
    ...keys('candidate', ['priority', 'stage']),
    ...keys('candidate_profile', ['funnel', 'history', 'ratings', 'timer']),
    ...keys('interview', ['kind']),
  ],
  'interview/InterviewActions': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'date', 'refresh']),
    ...keys('candidate_profile', ['appointment', 'appointment_cancel', 'appointment_kind', 'appointment_length', 'appointment_minutes', 'appointment_people', 'appointment_submit', 'appointment_when', 'appointment_where', 'appointment_zone', 'appointment_zone_device']),
    ...keys('interview', ['cancel', 'cancel_confirm', 'cancel_keep', 'cancel_text', 'cancel_title', 'edit', 'edit_title', 'error', 'invite_candidate', 'invite_candidate_no_email', 'kind', 'no_people', 'reschedule', 'reschedule_title', 'save']),
  ],
  'vacancy-form/NewVacancy': [
    ...keys('error', ['common', 'internal', 'vacancy']), 'validation',
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('form', ['comment', 'vacancy']),
    ...keys('vacancy', ['choose', 'comment_pending', 'continue', 'country', 'create', 'edit_success', 'field', 'draft_success', 'invited', 'job_experience', 'main', 'make_main', 'new_success', 'no_cities', 'no_customers', 'position_type', 'publish', 'remove_skill', 'required_note', 'save', 'save_draft', 'schedule', 'show_all_skills', 'show_main_skills', 'to_profile']),
  ],
  'vacancy-form/EditVacancy': [
    ...keys('error', ['common', 'internal', 'vacancy']), 'validation',
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('form', ['comment', 'vacancy']),
    ...keys('vacancy', ['archive', 'archive_text', 'archive_title', 'cancel', 'choose', 'comment_pending', 'comment_submit', 'comment_text', 'comment_title', 'continue', 'country', 'create', 'edit_success', 'edit_title', 'field', 'forbidden_text', 'forbidden_title', 'draft_success', 'invited', 'job_experience', 'main', 'make_main', 'new_success', 'no_cities', 'no_customers', 'position_type', 'preview', 'publish', 'remove_skill', 'required_note', 'save', 'save_comment', 'save_draft', 'schedule', 'show_all_skills', 'show_main_skills', 'show_vacancy', 'status', 'to_profile']),
  ],
  'profile/ProfileCard': [
    ...ANSWERS,
    ...keys('app', ['close', 'crash_title', 'refresh']),
    ...keys('auth', ['code', 'company_name', 'name', 'password_hint', 'photo', 'surname', 'verify_notice', 'verify_submit']),
    ...keys('nav', ['logout']),
    ...keys('profile', ['cancel', 'company', 'confirm_email', 'delete_account', 'delete_confirm', 'delete_text', 'delete_text_company', 'delete_title', 'edit_company', 'edit_email', 'edit_info', 'edit_password', 'edit_time_zone', 'invited_by', 'lang', 'language', 'new_email', 'new_password', 'old_password', 'password_changed', 'password_to_confirm', 'save', 'send_code', 'time_zone', 'time_zone_device', 'time_zone_hint', 'time_zone_use_device', 'your_company']),
    ...keys('upload', ['change_photo', 'choose_photo', 'error_title', 'no_file']),
  ],
  'profile/InviteLists': [
    ...ANSWERS,
    ...keys('app', ['close', 'crash_title', 'refresh']),
    ...keys('auth', ['email', 'error_title', 'name', 'surname']),
    ...keys('invite', ['role_customer', 'role_recruiter']),
    ...keys('profile', ['cancel', 'invite_customer', 'invite_recruiter', 'invite_replaces', 'invite_replaces_role', 'invite_sent', 'invited', 'list_empty', 'list_empty_invited', 'my_customers', 'my_recruiters', 'not_delivered', 'not_delivered_hint', 'registered', 'remove', 'remove_invite_confirm', 'remove_invite_text', 'remove_invite_title', 'remove_label', 'remove_member_confirm', 'remove_member_text', 'remove_member_title', 'send_again', 'send_invite']),
  ],
  'chat/ChatApp': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'loading', 'refresh']),
    ...keys('chat', ['back', 'choose', 'choose_person', 'empty', 'error', 'invite', 'list', 'message', 'no_messages', 'nobody', 'older', 'placeholder', 'read', 'send', 'sent', 'start', 'title', 'today', 'unread', 'yesterday']),
    ...keys('auth', ['role.company', 'role.recruiter', 'role.customer']),
  ],
  'help/HelpApp': [
    ...ANSWERS,
    ...keys('app', ['crash_title', 'refresh']),
    ...keys('chat', ['error']),
    ...keys('help', ['add_message', 'add_ticket', 'answered', 'cancel', 'choose', 'choose_type', 'close', 'closed', 'closed_at', 'closed_hint', 'create', 'description', 'empty', 'empty_staff', 'error', 'messages', 'problem_type', 'reopen', 'send', 'support', 'title', 'type', 'waiting']),
  ],

} satisfies Record<string, string[]>;

export type IslandName = keyof typeof ISLAND_MESSAGES;

const picked = new Map<string, Messages>();

/** The messages `island` is given, in `locale`: picked once, since pages render them on every request. */
export function islandMessages(locale: Locale, island: IslandName): Messages {
  const key = `${locale} ${island}`;
  let found = picked.get(key);
  if (!found) picked.set(key, (found = pick(locale, ISLAND_MESSAGES[island])));
  return found;
}
