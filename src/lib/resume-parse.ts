/**
 * Fields of a candidate read from a résumé's plain text (issue 15, docs/decisions/0023): pure,
 * no I/O, so that the corpus test in tests/unit/resume-parse.test.ts measures exactly what the
 * endpoint does. The text comes from server/resume-text.ts.
 *
 * Hostile input: the text is cut to MAX_TEXT characters and every line to MAX_LINE; whitespace
 * runs are collapsed to one space first, so no pattern here needs `\s+`. Every regular
 * expression is either anchored (`^`) on a bounded line, or unanchored with bounded quantifiers
 * only, and none nests quantifiers: each runs in time linear in its input
 * (tests/unit/resume-parse.test.ts feeds them long adversarial strings).
 */

export const MAX_TEXT = 200_000;
export const MAX_LINE = 600;
const MAX_LINES = 3_000;

export interface ParsedJob {
  /** YYYY-MM-01 */
  from: string;
  /** YYYY-MM-01, or null for a job held now */
  to: string | null;
  companyName: string;
  positionName: string;
  positionDescription: string;
}

export interface ParsedResume {
  lang: 'ru' | 'en';
  name?: string;
  surname?: string;
  email?: string;
  /** E.164: +79161234567 */
  phone?: string;
  /** Phrases that may name the city, the likeliest first: matchCity picks one from the catalogue. */
  cityHints: string[];
  positionName?: string;
  salary?: number;
  salaryTo?: number;
  salaryCurrency?: 'RUB' | 'USD' | 'EUR';
  jobs: ParsedJob[];
  education: { year: number; name: string; description: string }[];
  /** Level: a CEFR code or 'Native' (the form's LEVELS); '' when the résumé does not say. */
  langs: { lang: string; level: string }[];
}

export interface CatalogueCity {
  id: number;
  nameRu: string;
  nameEn: string;
  population: number;
}

/* ——— text ——— */

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

/** Lines of the text: control characters out, whitespace collapsed, wrapped lines joined. */
export function toLines(text: string): string[] {
  const raw = text
    .slice(0, MAX_TEXT)
    .normalize('NFC')
    // NUL and other control characters, zero-width and bidi marks: never part of a field
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '')
    .replace(/[\t\u00a0\u2000-\u200a\u202f\u3000]/g, ' ')
    .split(/\r\n|\r|\n/);
  const lines: string[] = [];
  for (const rawLine of raw) {
    if (lines.length >= MAX_LINES) break;
    const line = rawLine.replace(/ {2,}/g, ' ').trim();
    if (!line) continue;
    for (let start = 0; start < line.length; start += MAX_LINE) {
      const piece = line.slice(start, start + MAX_LINE);
      const previous = lines[lines.length - 1];
      const glue = previous === undefined || start > 0 ? undefined : continues(previous, piece);
      if (glue !== undefined) lines[lines.length - 1] = `${previous}${glue}${piece}`.slice(0, MAX_LINE);
      else lines.push(piece);
    }
  }
  return lines;
}

/**
 * Whether a line goes on from the one before (a layout wrapped it), and with what between them:
 * nothing after a hyphenated word ("Интернет-" / "провайдер") or inside an address, else a space.
 */
function continues(previous: string, line: string): '' | ' ' | undefined {
  if (previous.length + line.length > MAX_LINE) return undefined;
  const lastToken = previous.slice(previous.lastIndexOf(' ') + 1);
  if (lastToken.includes('@') && /^[a-z.]{1,10}$/.test(line)) return '';
  if (/\p{L}-$/u.test(previous) && /^\p{Ll}/u.test(line)) return '';
  // "Январь 2018 —" / "по настоящее время"; "Прикладная математика," / "2019"; "(Professional" / "Working)"
  if ((/[—–,-]$/.test(previous) || previous.split('(').length > previous.split(')').length) && !isHeading(line)) return ' ';
  // a lower-case start continues, unless it is a date of its own ("февраль 2021 – …")
  // (not under a name: "МАКСИМ ГУСЕВ" / "водитель-экспедитор" are two lines)
  if (/^\p{Ll}/u.test(line) && !startsWithDate(line) && !/[.!?:;]$/.test(previous) && !line.includes('@') && !nameWords(previous) && !CURRENCY.test(line)) return ' ';
  return undefined;
}

const isCyrillic = (ch: string) => /[а-яё]/i.test(ch);

function detectLang(lines: string[]): 'ru' | 'en' {
  let cyr = 0;
  let lat = 0;
  for (const line of lines) {
    for (const ch of line) {
      if (isCyrillic(ch)) cyr++;
      else if (/[a-z]/i.test(ch)) lat++;
    }
  }
  return cyr > lat * 0.5 ? 'ru' : 'en';
}

/* ——— sections ——— */

type Section = 'header' | 'experience' | 'education' | 'languages' | 'skills' | 'contacts' | 'about' | 'desired' | 'other';

const HEADINGS: Record<Exclude<Section, 'header'>, string[]> = {
  experience: ['опыт работы', 'опыт', 'трудовой опыт', 'трудовая деятельность', 'места работы', 'профессиональный опыт', 'experience', 'work experience', 'professional experience', 'employment history', 'employment', 'work history', 'career history'],
  education: ['образование', 'основное образование', 'высшее образование', 'education', 'academic background', 'education and training'],
  // Europass puts the languages first under "personal skills"
  languages: ['языки', 'иностранные языки', 'знание языков', 'владение языками', 'languages', 'language skills', 'foreign languages', 'personal skills'],
  skills: ['навыки', 'ключевые навыки', 'профессиональные навыки', 'компетенции', 'skills', 'top skills', 'key skills', 'technical skills'],
  contacts: ['контакты', 'контактная информация', 'личные данные', 'личная информация', 'contact', 'contacts', 'contact information', 'personal details', 'personal information'],
  about: ['о себе', 'обо мне', 'профиль', 'summary', 'profile', 'about me', 'about'],
  desired: ['желаемая должность и зарплата', 'желаемая должность', 'desired position', 'job applied for', 'position applied for'],
  other: ['дополнительная информация', 'additional information', 'хобби', 'interests', 'рекомендации', 'references', 'проекты', 'projects', 'сертификаты', 'certificates', 'certifications', 'курсы', 'courses', 'награды', 'awards', 'публикации', 'publications'],
};
const HEADING_OF = new Map<string, Section>(Object.entries(HEADINGS).flatMap(([section, names]) => names.map((n) => [n, section as Section])));

/** The section a line heads, or undefined: "Опыт работы — 14 лет 2 месяца" heads experience. */
function headingOf(line: string): Section | undefined {
  if (line.length > 60) return undefined;
  let key = fold(line).replace(/:$/, '').trim();
  const dash = key.search(/ [—–-] | \(/);
  if (dash > 0) key = key.slice(0, dash);
  return HEADING_OF.get(key);
}
const isHeading = (line: string) => headingOf(line) !== undefined;

interface Line {
  text: string;
  section: Section;
  index: number;
}

function sectioned(lines: string[]): Line[] {
  let section: Section = 'header';
  const out: Line[] = [];
  for (const text of lines) {
    const heading = headingOf(text);
    if (heading) {
      section = heading;
      continue;
    }
    // "Languages: English — native; Russian — B1" carries its section on the line
    const colon = text.indexOf(':');
    if (colon > 0 && colon < 30) {
      const inline = headingOf(text.slice(0, colon));
      if (inline === 'languages' || inline === 'skills') {
        for (const part of text.slice(colon + 1).split(/[;]/)) if (part.trim()) out.push({ text: part.trim(), section: inline, index: out.length });
        continue;
      }
    }
    out.push({ text, section, index: out.length });
  }
  return out;
}

/* ——— labels ——— */

type Label = 'name' | 'phone' | 'email' | 'city' | 'position' | 'salary' | 'birth';
const LABELS: Record<Label, string[]> = {
  name: ['фио', 'ф.и.о.', 'фамилия, имя, отчество', 'фамилия имя отчество', 'имя', 'full name', 'name'],
  phone: ['телефон', 'тел.', 'тел', 'мобильный', 'моб.', 'контактный телефон', 'телефон для связи', 'phone', 'mobile', 'tel', 'tel.', 'telephone'],
  email: ['e-mail', 'email', 'эл. почта', 'электронная почта', 'почта', 'mail'],
  city: ['город', 'город проживания', 'проживает', 'проживаю', 'место жительства', 'место проживания', 'адрес', 'адрес проживания', 'location', 'city', 'address', 'based in'],
  position: ['желаемая должность', 'должность', 'позиция', 'желаемая позиция', 'desired position', 'position', 'target position', 'title', 'role', 'job applied for', 'position applied for'],
  salary: ['зарплата', 'желаемая зарплата', 'ожидаемая зарплата', 'ожидания по зарплате', 'зарплатные ожидания', 'желаемый доход', 'ожидаемый доход', 'желаемый уровень дохода', 'уровень дохода', 'доход', 'оклад', 'salary', 'expected salary', 'desired salary', 'salary expectations', 'desired pay', 'compensation', 'expected compensation'],
  birth: ['дата рождения', 'date of birth', 'born'],
};
const LABEL_OF = new Map<string, Label>(Object.entries(LABELS).flatMap(([label, names]) => names.map((n) => [n, label as Label])));

/** "Label: value" on one line, or a label alone with its value on the next line (tables, sidebars). */
function labelled(lines: Line[]): Map<Label, string> {
  const found = new Map<Label, string>();
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.text;
    const colon = text.indexOf(':');
    if (colon > 0 && colon < 40) {
      const label = LABEL_OF.get(fold(text.slice(0, colon)).trim());
      const value = text.slice(colon + 1).trim();
      if (label && value && !found.has(label)) found.set(label, value);
      if (label) continue;
    }
    if (text.length < 40) {
      const label = LABEL_OF.get(fold(text).trim());
      const next = lines[i + 1]?.text;
      if (label && next && !LABEL_OF.has(fold(next).trim()) && !found.has(label)) found.set(label, next);
    }
  }
  return found;
}

/* ——— e-mail and phone ——— */

const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}$/;

function findEmail(lines: Line[]): string | undefined {
  for (const { text } of lines) {
    if (!text.includes('@')) continue;
    // tokens, so that the pattern is anchored on a short string
    for (const token of text.split(/[ ,;|<>()[\]]/)) {
      const clean = token.replace(/^(?:mailto:)/i, '').replace(/[.]$/, '');
      if (clean.length <= 254 && EMAIL.test(clean)) return clean.toLowerCase();
    }
  }
  return undefined;
}

/** Runs of phone characters in a line, scanned by hand. */
function phoneRuns(text: string): string[] {
  const runs: string[] = [];
  let current = '';
  for (const ch of text) {
    if (/[\d+() -]/.test(ch) || ch === '‐' || ch === '–') current += ch;
    else {
      if (current.trim()) runs.push(current.trim());
      current = '';
    }
    if (current.length > 40) {
      runs.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) runs.push(current.trim());
  return runs;
}

/** A phone number in E.164, Russian numbers as +7…; undefined when it is not one. */
export function normalizePhone(shown: string): string | undefined {
  const digits = shown.replace(/\D/g, '');
  const plus = shown.trim().startsWith('+');
  if (plus) {
    if (digits.length < 10 || digits.length > 15) return undefined;
    return `+${digits}`;
  }
  if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7')) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && /^[3489]/.test(digits)) return `+7${digits}`;
  return undefined;
}

const MONEY_WORD = /(?:руб|₽|\$|€|rub|usd|eur|зарплат|salary|доход|оклад|тыс)/i;

function findPhone(lines: Line[], labels: Map<Label, string>): string | undefined {
  const labelled = labels.get('phone');
  if (labelled) {
    const phone = phoneRuns(labelled).map(normalizePhone).find(Boolean);
    if (phone) return phone;
  }
  for (const { text, section } of lines) {
    if (section === 'experience' || section === 'education' || MONEY_WORD.test(text)) continue;
    for (const run of phoneRuns(text)) {
      // a period "2016 - 2019" or a year range has too few digits; a phone has a + or a leading 8/7
      const phone = normalizePhone(run);
      if (phone && (run.startsWith('+') || /^[87][ (-]/.test(run) || /^[87]\d{10}$/.test(run) || run.includes('('))) return phone;
    }
  }
  return undefined;
}

/* ——— names ——— */

const SURNAME_END = /(?:ов|ев|ёв|ова|ева|ёва|ин|ина|ын|ына|ский|ская|цкий|цкая|ой|ая|ых|их)$/i;
const PATRONYMIC_END = /(?:ович|евич|ич|овна|евна|ична|инична)$/i;
const RU_FIRST_NAMES = new Set(
  'александр алексей анатолий андрей антон аркадий артём артем борис вадим валентин валерий василий виктор виталий владимир владислав вячеслав геннадий георгий глеб григорий даниил денис дмитрий евгений егор иван игорь илья кирилл константин лев леонид максим марк матвей михаил никита николай олег павел пётр петр роман руслан сергей станислав степан тимофей тимур фёдор федор юрий ярослав александра алина алиса алла анастасия ангелина анна валентина валерия вера вероника виктория галина дарья диана ева евгения екатерина елена елизавета жанна зоя инна ирина карина кира кристина ксения лариса лидия любовь людмила маргарита марина мария надежда наталья наталия нина оксана ольга полина раиса светлана софия софья таисия тамара татьяна ульяна юлия яна'.split(' '),
);
const NOT_A_NAME = new Set(
  'резюме cv resume curriculum vitae contact contacts summary profile experience education languages skills top key мужчина женщина junior senior middle lead head chief principal staff engineer manager developer analyst designer director specialist consultant accountant officer scientist researcher coordinator administrator assistant intern tester architect controller supervisor receptionist dispatcher programmer инженер менеджер разработчик аналитик дизайнер директор специалист бухгалтер юрист маркетолог администратор программист руководитель'.split(' '),
);

const cap = (w: string) => w.charAt(0).toLocaleUpperCase() + w.slice(1).toLocaleLowerCase();
const capWord = (w: string) => w.split('-').map(cap).join('-');

/** 2 or 3 words, each a capitalised (or all-caps) run of letters: how a name is printed. */
function nameWords(text: string): string[] | undefined {
  if (text.length > 60) return undefined;
  const words = text.split(' ');
  if (words.length < 2 || words.length > 3) return undefined;
  for (const w of words) {
    if (!/^\p{Lu}[\p{L}'’-]{0,30}$/u.test(w) || !/\p{L}$/u.test(w)) return undefined;
    if (NOT_A_NAME.has(fold(w))) return undefined;
  }
  return words;
}

/** Name and surname from the words of a name line. */
function orderName(words: string[], lang: 'ru' | 'en', comma: boolean): { name: string; surname: string } {
  const w = words.map(capWord);
  if (comma) return { surname: w[0]!, name: w[1]! };
  if (w.length === 3) {
    if (PATRONYMIC_END.test(w[2]!)) return { surname: w[0]!, name: w[1]! }; // Фамилия Имя Отчество
    if (PATRONYMIC_END.test(w[1]!)) return { name: w[0]!, surname: w[2]! }; // Имя Отчество Фамилия
    return { name: w[0]!, surname: w[2]! }; // John A. Smith, Mary Jane Watson
  }
  const [a, b] = w as [string, string];
  const cyr = isCyrillic(a.charAt(0));
  if (cyr) {
    if (RU_FIRST_NAMES.has(fold(a)) && !RU_FIRST_NAMES.has(fold(b))) return { name: a, surname: b };
    if (RU_FIRST_NAMES.has(fold(b)) && !RU_FIRST_NAMES.has(fold(a))) return { name: b, surname: a };
    if (SURNAME_END.test(a) !== SURNAME_END.test(b)) return SURNAME_END.test(a) ? { surname: a, name: b } : { name: a, surname: b };
    return { surname: a, name: b };
  }
  void lang;
  return { name: a, surname: b };
}

/** The first parts of a line split at separators: "Игорь Белов · Менеджер" → ["Игорь Белов", "Менеджер"]. */
function segments(text: string): string[] {
  return text
    .split(/ [·|•—–] | - | \| |[|•·]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function findName(lines: Line[], labels: Map<Label, string>, lang: 'ru' | 'en'): { name: string; surname: string; line?: number } | undefined {
  const labelled = labels.get('name');
  if (labelled) {
    const comma = labelled.includes(',');
    const words = nameWords(labelled.replace(',', ''));
    if (words) return orderName(words, lang, comma);
  }
  // a two-column layout may put the name below the sidebar's skills or languages: looked at last
  const skipped: Section[][] = [
    ['experience', 'education', 'skills', 'languages'],
    ['experience', 'education'],
  ];
  for (const skip of skipped) {
    for (const { text, section, index } of lines) {
      if (skip.includes(section) || /[\d@]/.test(text)) continue;
      const first = segments(text)[0] ?? '';
      const comma = /^\p{Lu}+, \p{Lu}/u.test(first);
      const words = nameWords(comma ? first.replace(',', '') : first);
      if (!words || (first.includes(',') && !comma)) continue;
      return { ...orderName(words, lang, comma), line: index };
    }
  }
  return undefined;
}

/* ——— dates and periods ——— */

const RU_MONTHS = ['янв', 'фев', 'мар', 'апр', 'ма', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(?:январ[а-яё]{0,2}|феврал[а-яё]{0,2}|март[а-яё]{0,2}|апрел[а-яё]{0,2}|ма[йяе]|июн[а-яё]{0,2}|июл[а-яё]{0,2}|август[а-яё]{0,2}|сентябр[а-яё]{0,2}|октябр[а-яё]{0,2}|ноябр[а-яё]{0,2}|декабр[а-яё]{0,2}|янв|фев|мар|апр|авг|сен|сент|окт|ноя|дек|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)';
const DATE = `(?:(?<!\\d)(?:0?[1-9]|1[0-2])[./](?:19|20)\\d\\d(?!\\d)|(?<!\\d)(?:19|20)\\d\\d[-/.](?:0[1-9]|1[0-2])(?![\\d.])|(?<![\\p{L}])${MONTH_WORD}\\.? (?:19|20)\\d\\d(?!\\d)|(?<![\\d.])(?:19|20)\\d\\d(?![\\d.]))`;
const PRESENT = '(?:по настоящее время|настоящее время|наст\\. время|по н\\. ?в\\.|н\\. ?в\\.|сейчас|по сей день|present|now|current|today|till now|to date)';
const PERIOD = new RegExp(`(?:(?:с|from|since) )?(${DATE}) ?(?:[-–—]|по|to|till|until)? ?(?:(${DATE})|(${PRESENT}))`, 'giu');
const DATE_START = new RegExp(`^(?:(?:с|from|since) )?${DATE}`, 'iu');

function startsWithDate(text: string): boolean {
  return DATE_START.test(text);
}

/** 'YYYY-MM' of one date as printed; `end` picks December for a bare year that ends a period. */
function monthOf(printed: string, end: boolean): string | undefined {
  const p = fold(printed.trim());
  let m = /^(\d{1,2})[./](\d{4})$/.exec(p);
  if (m) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{4})[-/.](\d{2})$/.exec(p);
  if (m) return `${m[1]}-${m[2]}`;
  m = /^(\p{L}{1,10})\.? (\d{4})$/u.exec(p);
  if (m) {
    const word = m[1]!;
    let index = EN_MONTHS.findIndex((name) => word.startsWith(name));
    if (index < 0) index = RU_MONTHS.findIndex((name) => word.startsWith(name) && !(name === 'ма' && word.startsWith('мар')));
    if (index < 0) return undefined;
    return `${m[2]}-${String(index + 1).padStart(2, '0')}`;
  }
  m = /^(\d{4})$/.exec(p);
  if (m) return `${m[1]}-${end ? '12' : '01'}`;
  return undefined;
}

interface Period {
  from: string;
  to: string | null;
  start: number;
  end: number;
}

function periodsIn(text: string): Period[] {
  const out: Period[] = [];
  PERIOD.lastIndex = 0;
  for (let m = PERIOD.exec(text); m; m = PERIOD.exec(text)) {
    const from = monthOf(m[1]!, false);
    const to = m[2] ? monthOf(m[2], true) : null;
    if (from && (to === null ? m[3] : to) && (!to || to >= from)) out.push({ from, to: to ?? null, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/* ——— companies and positions ——— */

const COMPANY_WORDS = /(?:^|[\s«"(])(?:ооо|оао|зао|пао|ао|ип|нко|фгуп|гуп|муп|ано|llc|inc|ltd|corp|gmbh|co|plc|group|holding|labs?|systems|studio|bank|consulting|банк|компания|агентство|студия|фирма|лаборатория|гостиница|хостел|сеть|завод|холдинг|группа)(?:$|[\s».,")])/iu;
const POSITION_STEMS = [
  'инженер', 'менеджер', 'разработчик', 'аналитик', 'бухгалтер', 'дизайнер', 'юрист', 'юрисконсульт', 'специалист', 'администратор', 'маркетолог', 'директор', 'руководитель', 'помощник', 'техник', 'конструктор', 'представитель', 'консультант', 'стажер', 'ассистент', 'программист', 'тестировщик', 'координатор', 'диспетчер', 'экономист', 'секретарь', 'продавец', 'кассир', 'водитель', 'оператор', 'начальник', 'заместитель', 'врач', 'учитель', 'преподаватель', 'devops', 'smm',
];
const POSITION_WORDS = new Set(
  'engineer manager developer analyst designer accountant consultant assistant specialist administrator director head lead coordinator dispatcher tester researcher controller supervisor receptionist scientist officer intern architect programmer executive representative clerk editor writer teacher nurse driver operator technician recruiter'.split(' '),
);

function positionScore(text: string): number {
  let score = 0;
  for (const word of fold(text).split(/[ \-/,]/)) {
    if (POSITION_WORDS.has(word)) score++;
    else if (POSITION_STEMS.some((stem) => word.startsWith(stem))) score++;
  }
  return score;
}
const companyScore = (text: string) => (COMPANY_WORDS.test(fold(text)) ? 1 : 0) + (/[«"]/.test(text) ? 1 : 0);

/** [position, company] of two parts, by what each looks like; `companyFirst` when nothing tells. */
function assign(a: string, b: string, companyFirst: boolean): [string, string] {
  const aCompany = companyScore(a) - positionScore(a);
  const bCompany = companyScore(b) - positionScore(b);
  if (aCompany !== bCompany) return aCompany > bCompany ? [b, a] : [a, b];
  return companyFirst ? [b, a] : [a, b];
}

/** Splits "Position, Company" / "Position at Company" / "Position — Company" / "Company | Position". */
function splitTitle(text: string): [string, string] | undefined {
  const at = text.search(/ at | @ | в компании /i);
  if (at > 0) return [text.slice(0, at).trim(), text.slice(text.indexOf(' ', at + 1) + 1).trim()];
  const parts = text.split(/ [—–|·] | - |, /).map((s) => s.trim()).filter(Boolean);
  if (parts.length >= 2) return assign(parts[0]!, parts.slice(1).join(', '), false);
  return undefined;
}

/** A full stop left over from "сейчас. ООО «…», специалист." */
function trimDots(text: string): string {
  let out = text.trim();
  while (out.startsWith('.')) out = out.slice(1).trim();
  // a final dot after a word, not after an abbreviation ("Co.", "Inc.")
  if (out.endsWith('.') && /\p{L}{4}\.$/u.test(out.slice(-5))) out = out.slice(0, -1);
  return out;
}

/** A company without its place: "Okatech (Nizhny Novgorod)", "Ural Pharma Works, Yekaterinburg (Russia)". */
function withoutPlace(company: string, isCity: (s: string) => boolean): string {
  let out = company;
  const paren = out.lastIndexOf(' (');
  if (paren > 0 && out.endsWith(')')) {
    const inside = out.slice(paren + 2, -1);
    if (isCity(inside) || /^\p{Lu}\p{L}{2,20}$/u.test(inside)) out = out.slice(0, paren);
  }
  const comma = out.lastIndexOf(', ');
  if (comma > 0 && (isCity(out.slice(comma + 2)) || /^\p{Lu}\p{L}{2,20}(?: \(\p{Lu}\p{L}{2,20}\))?$/u.test(out.slice(comma + 2)) && !COMPANY_WORDS.test(fold(out.slice(comma)))))
    out = out.slice(0, comma);
  return out.trim();
}

const DURATION = /^\(?\d{1,2} (?:лет|года?|год|years?|yrs?|мес\.?|месяц[а-я]{0,3}|months?|mos?)(?!\p{L})/iu;
const PUNCT = new Set([...' |:,;·()—–-']);
/** Separators off both ends; by hand, since `[…]+$` would rescan a long run from every start. */
function stripPunct(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && PUNCT.has(s[start]!)) start++;
  while (end > start && PUNCT.has(s[end - 1]!)) end--;
  return s.slice(start, end);
}

function findJobs(lines: Line[], isCity: (s: string) => boolean): ParsedJob[] {
  const inSection = lines.filter((l) => l.section === 'experience');
  const pool = inSection.length > 0 ? inSection : [];
  const marks = pool.map((l) => ({ line: l, periods: periodsIn(l.text) }));
  const withPeriod = marks.flatMap((m, i) => (m.periods.length > 0 ? [i] : []));
  if (withPeriod.length === 0) return [];
  const isNoise = (text: string) => DURATION.test(text) || isCity(text) || isCity(text.split(',')[0]!.trim()) || /^\(.*\)$/.test(text);
  // lines of titles before the first period: that many precede every period ("before" layouts)
  const lead = marks.slice(0, withPeriod[0]).filter((m) => !isNoise(m.line.text)).length;
  const jobs: ParsedJob[] = [];
  withPeriod.forEach((at, k) => {
    const { line, periods } = marks[at]!;
    const period = periods[0]!;
    let rest = `${line.text.slice(0, period.start)} ${line.text.slice(period.end)}`;
    rest = stripPunct(rest.replace(/\([^()]{0,60}\)/g, ' ').replace(/ {2,}/g, ' '));
    let position = '';
    let company = '';
    const nextAt = withPeriod[k + 1] ?? marks.length;
    const after = marks.slice(at + 1, nextAt).map((m) => m.line.text).filter((t) => !isNoise(t));
    if (rest && rest.split(' ').length > 1 && splitTitle(rest)) {
      [position, company] = splitTitle(rest)!;
    } else if (lead > 0) {
      const before = marks
        .slice(withPeriod[k - 1] !== undefined ? withPeriod[k - 1]! + 1 : 0, at)
        .map((m) => m.line.text)
        .filter((t) => !isNoise(t))
        .slice(-Math.min(lead, 2));
      const titles = rest ? [...before, rest] : before;
      if (titles.length >= 2) [position, company] = assign(titles[titles.length - 2]!, titles[titles.length - 1]!, true);
      else if (titles.length === 1) [position, company] = splitTitle(titles[0]!) ?? [titles[0]!, ''];
    } else {
      const titles = rest ? [rest, ...after] : after;
      const split = titles[0] ? splitTitle(titles[0]) : undefined;
      if (split && titles[0]!.length < 120 && (companyScore(titles[0]!) > 0 || positionScore(titles[0]!) > 0) && titles[0]!.includes(' — ')) [position, company] = split;
      else if (titles.length >= 2) [position, company] = assign(titles[0]!, titles[1]!, true);
      else if (titles[0]) [position, company] = [titles[0], ''];
    }
    company = withoutPlace(trimDots(company), isCity);
    position = trimDots(position);
    const used = new Set([position, company, rest]);
    let duties = after.filter((t) => !used.has(t));
    // in "before" layouts the last lines before the next period are that job's titles
    if (lead > 0 && withPeriod[k + 1] !== undefined) duties = duties.slice(0, Math.max(0, duties.length - Math.min(lead, 2)));
    jobs.push({
      from: `${period.from}-01`,
      to: period.to ? `${period.to}-01` : null,
      companyName: company.slice(0, 200),
      positionName: position.slice(0, 200),
      positionDescription: duties.join('\n').slice(0, 4000),
    });
  });
  return jobs.slice(0, 50);
}

/* ——— education ——— */

const INSTITUTION = /(?:университет|институт|академи|колледж|училищ|школ|техникум|курсы|лицей|university|institute|college|school|academy|conservatory)/i;
const YEAR = /(?<![\d.])(?:19[5-9]\d|20[0-4]\d)(?![\d.])/g;

function findEducation(lines: Line[]): ParsedResume['education'] {
  const pool = lines.filter((l) => l.section === 'education');
  const out: ParsedResume['education'] = [];
  let taken = 0;
  for (let i = 0; i < pool.length; i++) {
    const text = pool[i]!.text;
    const years = [...text.slice(0, MAX_LINE).matchAll(YEAR)].map((m) => Number(m[0]));
    if (years.length === 0) continue;
    const year = Math.max(...years);
    const rest = stripPunct(text.replace(YEAR, ' ').replace(/\(\s*[-–—]?\s*\)/g, ' ').replace(/ {2,}/g, ' '));
    const parts = rest
      .split(/, | [·|—–] | - | \(|\)/)
      .map(stripPunct)
      .filter(Boolean);
    let name: string | undefined;
    let description = '';
    if (parts.length > 0 && (INSTITUTION.test(rest) || (parts[0]!.split(' ').length >= 2 && !pool[i - 1]))) {
      name = parts.find((p) => INSTITUTION.test(p)) ?? parts[0]!;
      description = parts.filter((p) => p !== name).join(', ');
    } else if (!rest) {
      // a year alone: the institution follows ("2010" / "Уральский … университет" / "Бухгалтерский учёт"),
      // perhaps after the degree ("Diplom-Ingenieurin, Technical University of Munich")
      const following = pool[i + 1]?.text;
      name = following?.split(', ').find((part) => INSTITUTION.test(part)) ?? following;
      const next = pool[i + 2]?.text;
      if (next && !YEAR.test(next) && !INSTITUTION.test(next)) description = next;
      YEAR.lastIndex = 0;
      i += next && description ? 2 : 1;
    } else {
      // a line of degree and years: the institution is the line (or the wrapped lines) before
      name = pool
        .slice(Math.max(taken, i - 3), i)
        .map((l) => l.text)
        .join(' ') || undefined;
      description = rest;
    }
    taken = i + 1;
    if (name && !/^(?:высшее|среднее|среднее специальное|неоконченное высшее|higher|secondary)(?: образование| education)?$/i.test(name)) out.push({ year, name: name.slice(0, 300), description: description.slice(0, 1000) });
  }
  return out.slice(0, 30);
}

/* ——— languages ——— */

const LANGUAGES: [key: string, ru: string, en: string, stems: string[]][] = [
  ['ru', 'Русский', 'Russian', ['русск', 'russian']],
  ['en', 'Английский', 'English', ['английск', 'english']],
  ['de', 'Немецкий', 'German', ['немецк', 'german']],
  ['fr', 'Французский', 'French', ['французск', 'french']],
  ['es', 'Испанский', 'Spanish', ['испанск', 'spanish']],
  ['it', 'Итальянский', 'Italian', ['итальянск', 'italian']],
  ['pt', 'Португальский', 'Portuguese', ['португальск', 'portuguese']],
  ['zh', 'Китайский', 'Chinese', ['китайск', 'chinese', 'mandarin']],
  ['ja', 'Японский', 'Japanese', ['японск', 'japanese']],
  ['ko', 'Корейский', 'Korean', ['корейск', 'korean']],
  ['ar', 'Арабский', 'Arabic', ['арабск', 'arabic']],
  ['tr', 'Турецкий', 'Turkish', ['турецк', 'turkish']],
  ['tt', 'Татарский', 'Tatar', ['татарск', 'tatar']],
  ['uk', 'Украинский', 'Ukrainian', ['украинск', 'ukrainian']],
  ['kk', 'Казахский', 'Kazakh', ['казахск', 'kazakh']],
  ['fi', 'Финский', 'Finnish', ['финск', 'finnish']],
  ['pl', 'Польский', 'Polish', ['польск', 'polish']],
  ['sv', 'Шведский', 'Swedish', ['шведск', 'swedish']],
  ['nl', 'Нидерландский', 'Dutch', ['нидерландск', 'голландск', 'dutch']],
  ['cs', 'Чешский', 'Czech', ['чешск', 'czech']],
  ['he', 'Иврит', 'Hebrew', ['иврит', 'hebrew']],
  ['hi', 'Хинди', 'Hindi', ['хинди', 'hindi']],
];

/** Level words, the more specific first: "upper-intermediate" before "intermediate". */
const LEVEL_WORDS: [RegExp, string][] = [
  [/(?:native|bilingual|mother tongue|родной|носитель)/i, 'Native'],
  [/(?:upper[- ]intermediate|выше среднего|средне-продвинутый)/i, 'B2'],
  [/(?:pre[- ]intermediate|ниже среднего)/i, 'A2'],
  [/(?:professional working)/i, 'B2'],
  [/(?:full professional|proficient|advanced|fluent|свободн|продвинут|profession)/i, 'C1'],
  [/(?:limited working|intermediate|средний|разговорн|conversational)/i, 'B1'],
  [/(?:elementary|элементарн)/i, 'A2'],
  [/(?:basic|beginner|базов|начальн|со словарём|со словарем)/i, 'A1'],
];

const languageOf = (part: string) => {
  const head = fold(part.trim()).split(/[ :—–(,-]/)[0] ?? '';
  return LANGUAGES.find(([, , , stems]) => stems.some((stem) => head.startsWith(stem) && (isCyrillic(stem) || head === stem)));
};

function findLanguages(lines: Line[], lang: 'ru' | 'en'): ParsedResume['langs'] {
  const out: ParsedResume['langs'] = [];
  const seen = new Set<string>();
  for (const { text, section } of lines) {
    if (section !== 'languages') continue;
    // "Mother tongue(s): German", "Родной язык: русский"
    const native = /^(?:mother tongue(?:\(s\))?|native languages?|родной язык|родные языки) ?: ?/i.exec(text);
    const body = native ? text.slice(native[0].length) : text;
    // "English C1, Russian B1": a comma starts a new language only where one is named
    const parts: string[] = [];
    for (const piece of body.split(/; |, /)) {
      if (parts.length > 0 && !languageOf(piece)) parts[parts.length - 1] += `, ${piece}`;
      else parts.push(piece);
    }
    for (const part of parts) {
      const language = languageOf(part);
      if (!language || seen.has(language[0])) continue;
      seen.add(language[0]);
      const code = /(?<![A-Za-z])([ABC][12])(?![0-9])/.exec(part)?.[1];
      const level = native ? 'Native' : (code ?? LEVEL_WORDS.find(([re]) => re.test(part))?.[1] ?? '');
      out.push({ lang: lang === 'ru' ? language[1] : language[2], level });
    }
  }
  return out.slice(0, 30);
}

/* ——— salary ——— */

const AMOUNT = /(?<![\d.,])(\d{1,3}(?:[ ,.]\d{3}){1,3}|\d{1,9})(?: ?(тыс\.?|k(?!\p{L})|к(?!\p{L})|млн))?/giu;

function amountOf(digits: string, scale: string | undefined): number | undefined {
  const n = Number(digits.replace(/[ ,.]/g, ''));
  if (!Number.isSafeInteger(n)) return undefined;
  const multiplier = scale ? (/^млн/i.test(scale) ? 1_000_000 : 1000) : 1;
  const value = n * multiplier;
  return value > 0 && value <= 100_000_000 ? value : undefined;
}

function parseSalary(text: string): Pick<ParsedResume, 'salary' | 'salaryTo' | 'salaryCurrency'> | undefined {
  const line = text.slice(0, 200);
  const amounts = [...line.matchAll(AMOUNT)].map((m) => ({ value: amountOf(m[1]!, m[2]), scale: m[2], at: m.index }));
  // "80–100 тыс. руб.": a scale written once applies to both
  const [first, second] = amounts;
  if (first && second && !first.scale && second.scale && first.value !== undefined && first.value < 1000) first.value = amountOf(String(first.value), second.scale);
  const numbers = amounts.filter((a): a is typeof a & { value: number } => a.value !== undefined && a.value >= 100);
  if (numbers.length === 0) return undefined;
  const f = fold(line);
  const currency = /(?:\$|usd|долл)/.test(f) ? 'USD' : /(?:€|eur|евро)/.test(f) ? 'EUR' : 'RUB';
  const onlyUpTo = /^(?:до|up to|to) /.test(f.replace(/^[^\dа-яa-z$€₽]{0,3}/, ''));
  if (onlyUpTo) return { salaryTo: numbers[0]!.value, salaryCurrency: currency };
  const salary = numbers[0]!.value;
  const salaryTo = numbers[1] && numbers[1].value >= salary && /[-–—]|до|to/.test(line.slice(numbers[0]!.at, numbers[1].at + 1)) ? numbers[1].value : undefined;
  return { salary, salaryTo, salaryCurrency: currency };
}

const CURRENCY = /(?:₽|руб|\$|€|rub\b|usd|eur\b|тыс\. ?р)/i;

function findSalary(lines: Line[], labels: Map<Label, string>) {
  const labelled = labels.get('salary');
  if (labelled) {
    const parsed = parseSalary(labelled);
    if (parsed) return parsed;
  }
  for (const { text, section } of lines) {
    if (section !== 'header' && section !== 'desired' && section !== 'contacts') continue;
    if (!CURRENCY.test(text) || text.split(' ').length > 8 || text.includes('@')) continue;
    const parsed = parseSalary(text);
    if (parsed) return parsed;
  }
  return {};
}

/* ——— position and city ——— */

function findPosition(lines: Line[], labels: Map<Label, string>, nameLine: number | undefined, jobs: ParsedJob[], isCity: (s: string) => boolean): string | undefined {
  const clean = (s: string) => {
    const at = s.search(/ (?:at|@) /i);
    return (at > 0 ? s.slice(0, at) : s).trim().slice(0, 200);
  };
  const labelled = labels.get('position');
  if (labelled) return clean(labelled);
  const desired = lines.find((l) => l.section === 'desired');
  if (desired) return clean(desired.text);
  const usable = (s: string | undefined) =>
    s && !/[@]/.test(s) && !/\d{3}/.test(s) && !/^\d/.test(s) && s.split(' ').length <= 8 && !isCity(s) && !isCity(s.split(',')[0]!) && !isCity(s.split(', ').pop()!) && !isHeading(s) && !CURRENCY.test(s);
  if (nameLine !== undefined) {
    const nameSegments = segments(lines[nameLine]!.text);
    if (nameSegments.length > 1 && usable(nameSegments[1])) return clean(nameSegments[1]!);
    const next = lines[nameLine + 1];
    if (next && next.section === lines[nameLine]!.section) {
      const first = segments(next.text)[0];
      if (usable(first)) return clean(first!);
    }
  }
  return jobs[0]?.positionName || undefined;
}

function findCityHints(lines: Line[], labels: Map<Label, string>, nameLine: number | undefined): string[] {
  const hints: string[] = [];
  const add = (text: string) => {
    for (const part of text.split(/, | [·|•—–] |[|•·;]/)) {
      // "620014 Yekaterinburg (Russia)": no postal code, no country
      const hint = stripPunct(part.replace(/^(?:г\.|город) ?/i, '').replace(/^\d{5,6} /, '').replace(/ \([^()]{1,40}\)$/, ''));
      if (hint && hint.length <= 40 && hint.split(' ').length <= 4 && !/\d/.test(hint)) hints.push(hint);
    }
  };
  const labelled = labels.get('city');
  if (labelled) add(labelled);
  // the lines under the name (LinkedIn's location), wherever a layout put them
  if (nameLine !== undefined) for (const line of lines.slice(nameLine + 1, nameLine + 3)) add(line.text);
  for (const { text, section } of lines) {
    if (section === 'header' || section === 'contacts' || section === 'desired') add(text);
  }
  return [...new Set(hints)].slice(0, 200);
}

/** The folded ways a city is written: Russian, English, Latin-lettered Russian (as the catalogue search folds them). */
export function cityKeys(city: Pick<CatalogueCity, 'nameRu' | 'nameEn'>): string[] {
  const ru = fold(city.nameRu).replace(/-/g, ' ');
  const en = city.nameEn.toLowerCase().replace(/-/g, ' ');
  return [ru, en, latin(ru), ...(ALIASES[city.nameRu] ?? [])];
}

/** The Russian name in Latin letters as the catalogue's name_latin column writes it ("sankt peterburg"). */
function latin(folded: string): string {
  const map: Record<string, string> = { ж: 'zh', х: 'kh', ц: 'ts', ч: 'ch', щ: 'shch', ш: 'sh', ю: 'yu', я: 'ya', ъ: '', ь: '' };
  const plain = 'абвгдезийклмнопрстуфыэ';
  const to = 'abvgdeziyklmnoprstufye';
  let out = '';
  for (const ch of folded) out += map[ch] ?? (plain.includes(ch) ? to[plain.indexOf(ch)]! : ch);
  return out;
}

/** English and colloquial names the catalogue does not hold. */
const ALIASES: Record<string, string[]> = {
  'Санкт-Петербург': ['st petersburg', 'st. petersburg', 'spb', 'спб', 'питер', 'петербург'],
  Москва: ['msk', 'мск'],
  'Ростов-на-Дону': ['rostov on don', 'rostov'],
  'Нижний Новгород': ['nizhniy novgorod', 'nizhni novgorod', 'н. новгород'],
  Екатеринбург: ['ekaterinburg', 'екб'],
  Орёл: ['orel'],
  Архангельск: ['arkhangelsk', 'archangelsk'],
};

export type CityIndex = Map<string, CatalogueCity>;

export function cityIndex(cities: CatalogueCity[]): CityIndex {
  const index: CityIndex = new Map();
  for (const city of cities) {
    for (const key of cityKeys(city)) {
      const taken = index.get(key);
      if (!taken || taken.population < city.population) index.set(key, city);
    }
  }
  return index;
}

const cityKey = (hint: string) => fold(hint).replace(/-/g, ' ').replace(/ {2,}/g, ' ').trim();

/** The first hint that names a catalogue city. */
export function matchCity(hints: string[], index: CityIndex): CatalogueCity | undefined {
  for (const hint of hints) {
    const city = index.get(cityKey(hint));
    if (city) return city;
  }
  return undefined;
}

/* ——— all of it ——— */

export function parseResume(text: string, cities?: CityIndex): ParsedResume {
  const plain = toLines(text);
  const lang = detectLang(plain);
  const lines = sectioned(plain);
  const labels = labelled(lines);
  const isCity = (s: string) => (cities ? cities.has(cityKey(s)) : false);
  const named = findName(lines, labels, lang);
  const cityHints = findCityHints(lines, labels, named?.line);
  const jobs = findJobs(lines, isCity);
  const salary = findSalary(lines, labels);
  return {
    lang,
    name: named?.name,
    surname: named?.surname,
    email: findEmail(lines),
    phone: findPhone(lines, labels),
    cityHints,
    positionName: findPosition(lines, labels, named?.line, jobs, isCity),
    ...salary,
    jobs,
    education: findEducation(lines),
    langs: findLanguages(lines, lang),
  };
}

/** The patterns and helpers above, for the linear-time tests on hostile strings. */
export const internals = {
  patterns: { EMAIL, MONEY_WORD, SURNAME_END, PATRONYMIC_END, PERIOD, DATE_START, COMPANY_WORDS, DURATION, INSTITUTION, YEAR, AMOUNT, CURRENCY },
  periodsIn,
  stripPunct,
  segments,
  splitTitle,
  parseSalary,
  phoneRuns,
  headingOf,
  nameWords,
  monthOf,
};
