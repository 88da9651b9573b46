import type { CandidateDto, CandidateInput } from '../../lib/schemas/candidate.ts';

/** CEFR levels and 'Native': stored as these codes, shown through `candidate_form.level.*`. */
export { LEVELS } from '../../lib/language-levels.ts';

/** The top-level fields of the schema: the server's errors on them (or inside them) are shown. */
export const FIELDS = [
  'name',
  'surname',
  'dob',
  'positionName',
  'salary',
  'salaryTo',
  'cityId',
  'email',
  'phone',
  'schedule',
  'skills',
  'jobExperience',
  'education',
  'langs',
] as const;

export type Job = NonNullable<CandidateInput['jobExperience']>[number];
export type Education = NonNullable<CandidateInput['education']>[number];
export type Language = NonNullable<CandidateInput['langs']>[number];

/** `to: null` is a current job; '' is a finished one whose end is not entered yet. */
export const emptyJob = (): Job => ({ from: '', to: '', companyName: '', companyInfo: '', positionName: '', positionDescription: '' });
export const emptyEducation = (): Education => ({ year: '', name: '', description: '' });
export const emptyLanguage = (): Language => ({ lang: '', level: '' });

/** What the edit form receives of a candidate: no consent history, no funnel. */
export type EditableCandidate = Omit<CandidateDto, 'pdHistory' | 'pdMail' | 'funnel'>;

/** The form's starting values: empty for a new candidate, the candidate's when editing. */
export function defaultsOf(c: EditableCandidate | undefined): CandidateInput {
  return {
    name: c?.name ?? '',
    surname: c?.surname ?? '',
    dob: c?.dob ?? null,
    positionName: c?.positionName ?? '',
    salary: c?.salary != null ? String(c.salary) : '',
    salaryTo: c?.salaryTo != null ? String(c.salaryTo) : '',
    cityId: c?.city?.id ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    schedule: (c?.schedule ?? []) as (1 | 2 | 3)[],
    skills: c?.skills ?? [],
    jobExperience: c?.jobExperience.map((j) => ({ ...j })) ?? [],
    education: c?.education.map((e) => ({ ...e, year: String(e.year) })) ?? [],
    langs: c?.langs.map((l) => ({ ...l })) ?? [],
  };
}

/** The server's field errors this form can show: top-level fields and the groups' inner ones. */
export function knownErrorPaths(errors: Record<string, string> | undefined): string[] {
  return Object.keys(errors ?? {}).filter((path) => (FIELDS as readonly string[]).includes(path.split('.')[0]!));
}

export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const RESUME_ACCEPT = `${RESUME_EXTENSIONS.join(',')},application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document`;

export function isResumeName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return RESUME_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Words a resume's file name carries beside the person's name. */
const NOISE = new Set(['cv', 'resume', 'résumé', 'rezume', 'резюме', 'final', 'new', 'updated', 'en', 'ru', 'eng', 'rus', 'copy', 'копия']);
/**
 * The surest Russian surname endings, Cyrillic or transliterated: Иванов(а), Соловьёв, Высоцкий,
 * Sokolova. (-ин/-ina would take Marina and Kristina for surnames.)
 */
const SURNAME = /(ов|ев|ёв|ова|ева|ёва|ский|ская|цкий|цкая|ov|ev|ova|eva|sky|skiy|skii|skaya|tsky|tskiy|tskaya)$/i;
/** Russian patronymics: Иванович, Петровна, Ilyich. */
const PATRONYMIC = /(ович|евич|ич|овна|евна|ична|инична|ovich|evich|ovna|evna|ichna)$/i;

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase() + word.slice(1).toLocaleLowerCase();

/**
 * Guesses the name and surname from a resume's file name; nothing when it does not look like
 * one. Words other than letters ('CV', 'resume', dates, numbers) are dropped; two or three
 * words must remain. A third word ending like a patronymic means Russian order: surname, name,
 * patronymic. With two words, the one ending like a Russian surname is the surname; when that
 * does not tell, words separated by spaces read as 'Surname Name' ('Иванов Иван.pdf') and those
 * joined by '_', '-' or '.' as 'Name Surname' ('Anna_Petrova_CV.docx').
 */
export function namesFromFileName(fileName: string): { name: string; surname: string } | undefined {
  const stem = fileName.replace(/\.[^.]*$/, '').normalize('NFC');
  const spaced = !/[_.-]/.test(stem.replace(/\s+/g, ''));
  const words = stem
    .split(/[\s_.\-()[\],+]+/)
    .filter((w) => w && /^\p{L}+$/u.test(w) && !NOISE.has(w.toLowerCase()));
  if (words.length === 3 && PATRONYMIC.test(words[2]!)) return { surname: capitalize(words[0]!), name: capitalize(words[1]!) };
  if (words.length !== 2) return undefined;
  const [first, second] = words as [string, string];
  const firstLooks = SURNAME.test(first);
  const secondLooks = SURNAME.test(second);
  const surnameFirst = firstLooks !== secondLooks ? firstLooks : spaced;
  return surnameFirst ? { surname: capitalize(first), name: capitalize(second) } : { name: capitalize(first), surname: capitalize(second) };
}
