/**
 * A demo space with a large candidate database, to try the product on and for `npm run bench`:
 *
 *   npm run seed -- --candidates 100000 [--email demo@recruit.local] [--password P] [--reset]
 *
 * On the product's own data (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR), whether
 * the product runs or not. Creates, when missing, a demo company (the e-mail given), two
 * recruiters and three customers in its space (all active, one password, printed at the end),
 * ~20 vacancies and then N candidates in Russian and English. Running it again adds N more
 * candidates to the same space; `--reset` first removes the space's candidates and vacancies.
 *
 * The data is generated with a seeded PRNG (candidate k of the space is always the same person)
 * and inserted in batches of 1,000 rows with `insert … select from unnest(arrays)`; the search
 * vector is built in SQL with the expression of `searchVector` in src/lib/server/candidates.ts
 * (keep the two the same). ~3,000 candidates go onto one published vacancy, with stages,
 * priorities and ratings, so its page has depth.
 */
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { env } from '../src/lib/server/env.ts';
import { openDatabase, type Database } from '../src/lib/server/db/index.ts';
import { hashPassword } from '../src/lib/server/auth/password.ts';
import { normalize } from '../src/lib/server/search/boolean.ts';
import type { EducationEntry, JobEntry, LanguageEntry } from '../src/lib/server/db/schema.ts';
import { ROLE, STATUS } from '../src/lib/schemas/auth.ts';
import { EmailSchema, NewPasswordSchema } from '../src/lib/schemas/common.ts';

const USAGE = `Usage:
  npm run seed -- --candidates N [--email EMAIL] [--password PASSWORD] [--reset]

Fills a demo space in the database of DATA_DIR or DATABASE_URL: a company account (EMAIL,
default demo@recruit.local), 2 recruiters, 3 customers, ~20 vacancies and N more candidates.
  --candidates N   candidates to add (0 to only create the accounts and vacancies)
  --password P     the password of every demo account (default Demo-2026!)
  --reset          remove the space's candidates and vacancies first
  --seed S         the PRNG seed (default 1)`;

const DEFAULT_EMAIL = 'demo@recruit.local';
const DEFAULT_PASSWORD = 'Demo-2026!';
const BATCH = 1000;
const WORKERS = 2;
const VACANCIES = 20;
const DEEP_LINKS = 3000;

class CliError extends Error {
  code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: small, fast and good enough for test data. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed | 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  /** Index by weights (any positive numbers). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  /** `n` distinct items. */
  some<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

/** A seed for item `index` of stream `stream`: each candidate has its own generator. */
function seedOf(seed: number, stream: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 13);
}

/** Cumulative weights for a fast weighted pick from a large list (cities by population). */
class Weighted<T> {
  private items: T[];
  private cumulative: number[];
  constructor(items: T[], weight: (item: T) => number) {
    this.items = items;
    let sum = 0;
    this.cumulative = items.map((item) => (sum += weight(item)));
  }
  pick(rng: Rng): T {
    const r = rng.next() * this.cumulative[this.cumulative.length - 1]!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

// ---------------------------------------------------------------------------------------------
// What people are made of

const RU_MALE = 'Александр Алексей Андрей Антон Артем Борис Вадим Валерий Василий Виктор Виталий Владимир Владислав Вячеслав Геннадий Георгий Григорий Дмитрий Евгений Егор Иван Игорь Илья Кирилл Константин Леонид Максим Михаил Никита Николай Олег Павел Петр Роман Руслан Сергей Станислав Степан Тимофей Федор Юрий Ярослав Денис Артур Глеб Даниил Марк Матвей Семен Тимур'.split(' ');
const RU_FEMALE = 'Александра Алина Алла Анастасия Анна Валентина Валерия Вера Виктория Галина Дарья Диана Екатерина Елена Елизавета Жанна Зоя Ирина Карина Кристина Ксения Лариса Любовь Людмила Маргарита Марина Мария Надежда Наталья Нина Оксана Ольга Полина Светлана София Тамара Татьяна Ульяна Юлия Яна Вероника Евгения Милана Алена Арина Варвара Василиса Эльвира Регина Инна'.split(' ');
// roughly by frequency: the first ones are the most common (weights 1/(rank+8))
const RU_SURNAMES = (
  'Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Федоров Морозов Волков Алексеев Лебедев Семенов Егоров Павлов Козлов ' +
  'Степанов Николаев Орлов Андреев Макаров Никитин Захаров Зайцев Соловьев Борисов Яковлев Григорьев Романов Воробьев Сергеев Кузьмин Фролов ' +
  'Александров Дмитриев Королев Гусев Киселев Ильин Максимов Поляков Сорокин Виноградов Ковалев Белов Медведев Антонов Тарасов Жуков Баранов ' +
  'Филиппов Комаров Давыдов Беляев Герасимов Богданов Осипов Сидоров Матвеев Титов Марков Миронов Крылов Куликов Карпов Власов Мельников Денисов ' +
  'Гаврилов Тихонов Казаков Афанасьев Данилов Савельев Тимофеев Фомин Чернов Абрамов Мартынов Ефимов Федотов Щербаков Назаров Калинин Исаев ' +
  'Чернышев Быков Маслов Родионов Коновалов Лазарев Воронин Климов Филатов Пономарев Голубев Кудрявцев Прохоров Наумов Потапов Журавлев ' +
  'Овчинников Трофимов Леонов Соболев Ермаков Колесников Гончаров Емельянов Никифоров Грачев Котов Гришин Ефремов Архипов Громов Кириллов ' +
  'Малышев Панов Моисеев Румянцев Акимов Кондратьев Бирюков Горбунов Анисимов Еремин Тихомиров Галкин Лукьянов Михеев Скворцов Юдин Белоусов ' +
  'Нестеров Симонов Прокофьев Харитонов Князев Цветков Левин Митрофанов Воронов Аксенов Мальцев Логинов Горшков Савин Краснов Майоров Демидов ' +
  'Елисеев Рыбаков Сафонов Плотников Демин Хохлов Жданов Руденко Шевченко Бондаренко Ткаченко Черных Седых Шевчук Островский Вишневский ' +
  'Покровский Успенский Троицкий Толстой Садыков Хабибуллин Галиев Сафин Гарипов Алиев Мамедов Ким Цой Шапиро Гольдман Эйсмонт'
).split(' ');
const EN_MALE = 'James John Robert Michael William David Richard Joseph Thomas Daniel Matthew Andrew Mark Paul Steven Kevin Brian George Edward Peter Oliver Jack Harry Samuel Benjamin Henry Lucas Ethan Adam Nathan'.split(' ');
const EN_FEMALE = 'Mary Patricia Jennifer Linda Elizabeth Susan Jessica Sarah Karen Emily Emma Olivia Sophia Amelia Charlotte Isabella Hannah Chloe Grace Lily Laura Rachel Amanda Megan Lucy Alice Ruby Zoe Ella Kate'.split(' ');
const EN_SURNAMES = 'Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Jackson Martin Lee Thompson White Harris Clark Lewis Walker Hall Allen Young King Wright Scott Green Baker Adams Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Parker Collins Edwards Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood Watson'.split(' ');
const TRANSLIT_MALE = 'Ivan Dmitry Sergey Alexey Nikita Maxim Andrey Pavel Mikhail Artem Kirill Egor Roman Denis Anton'.split(' ');
const TRANSLIT_FEMALE = 'Anna Maria Elena Olga Natalia Irina Ekaterina Daria Julia Victoria Anastasia Ksenia Polina Svetlana Tatiana'.split(' ');
const TRANSLIT_SURNAMES = 'Ivanov Smirnov Kuznetsov Popov Vasiliev Petrov Sokolov Mikhailov Novikov Fedorov Morozov Volkov Alekseev Lebedev Semenov Egorov Pavlov Kozlov Stepanov Nikolaev Orlov Andreev Makarov Nikitin Zakharov Zaitsev Borisov Romanov Sergeev Kuzmin'.split(' ');

function femaleSurname(surname: string, latin: boolean): string {
  if (latin) return /(ov|ev|in)$/.test(surname) ? `${surname}a` : surname;
  if (/(ов|ев|ин|ын)$/.test(surname)) return `${surname}а`;
  if (/(ский|цкий)$/.test(surname)) return `${surname.slice(0, -2)}ая`;
  if (/ой$/.test(surname)) return `${surname.slice(0, -2)}ая`;
  return surname;
}

const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r',
  с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};
const latin = (text: string) => [...text.toLowerCase()].map((c) => TRANSLIT[c] ?? c).join('');

type Category = 'sales' | 'dev' | 'qa' | 'analytics' | 'design' | 'finance' | 'legal' | 'hr' | 'marketing' | 'office' | 'retail' | 'logistics' | 'engineering' | 'workers' | 'medicine' | 'education' | 'food' | 'management';

/** [Russian title, English title, category, vacancy position type (1 head, 2 qualified, 3 IT, 4 work)] */
const POSITIONS: readonly [string, string, Category, number][] = [
  ['Менеджер по продажам', 'Sales Manager', 'sales', 2],
  ['Менеджер по работе с клиентами', 'Account Manager', 'sales', 2],
  ['Менеджер по закупкам', 'Purchasing Manager', 'sales', 2],
  ['Руководитель отдела продаж', 'Head of Sales', 'sales', 1],
  ['Менеджер проектов', 'Project Manager', 'management', 2],
  ['Продакт-менеджер', 'Product Manager', 'management', 3],
  ['Java-разработчик', 'Java Developer', 'dev', 3],
  ['Python-разработчик', 'Python Developer', 'dev', 3],
  ['Frontend-разработчик', 'Frontend Developer', 'dev', 3],
  ['Backend-разработчик', 'Backend Developer', 'dev', 3],
  ['Fullstack-разработчик', 'Full-stack Developer', 'dev', 3],
  ['iOS-разработчик', 'iOS Developer', 'dev', 3],
  ['Android-разработчик', 'Android Developer', 'dev', 3],
  ['Программист 1С', '1C Developer', 'dev', 3],
  ['Тимлид', 'Team Lead', 'dev', 1],
  ['Тестировщик', 'QA Engineer', 'qa', 3],
  ['Инженер по автоматизации тестирования', 'QA Automation Engineer', 'qa', 3],
  ['DevOps-инженер', 'DevOps Engineer', 'qa', 3],
  ['Системный администратор', 'System Administrator', 'qa', 3],
  ['Аналитик данных', 'Data Analyst', 'analytics', 3],
  ['Бизнес-аналитик', 'Business Analyst', 'analytics', 3],
  ['Системный аналитик', 'Systems Analyst', 'analytics', 3],
  ['Специалист по машинному обучению', 'Machine Learning Engineer', 'analytics', 3],
  ['UX/UI-дизайнер', 'UX/UI Designer', 'design', 2],
  ['Графический дизайнер', 'Graphic Designer', 'design', 2],
  ['Бухгалтер', 'Accountant', 'finance', 2],
  ['Главный бухгалтер', 'Chief Accountant', 'finance', 1],
  ['Финансовый аналитик', 'Financial Analyst', 'finance', 2],
  ['Финансовый директор', 'Chief Financial Officer', 'finance', 1],
  ['Экономист', 'Economist', 'finance', 2],
  ['Юрист', 'Lawyer', 'legal', 2],
  ['Юрисконсульт', 'Legal Counsel', 'legal', 2],
  ['HR-менеджер', 'HR Manager', 'hr', 2],
  ['Рекрутер', 'Recruiter', 'hr', 2],
  ['Специалист по кадровому делопроизводству', 'HR Administrator', 'hr', 2],
  ['Маркетолог', 'Marketing Manager', 'marketing', 2],
  ['Интернет-маркетолог', 'Digital Marketing Specialist', 'marketing', 2],
  ['SMM-менеджер', 'Social Media Manager', 'marketing', 2],
  ['Копирайтер', 'Copywriter', 'marketing', 2],
  ['Директор по маркетингу', 'Marketing Director', 'marketing', 1],
  ['Офис-менеджер', 'Office Manager', 'office', 4],
  ['Администратор', 'Administrator', 'office', 4],
  ['Секретарь', 'Secretary', 'office', 4],
  ['Оператор колл-центра', 'Call Centre Operator', 'office', 4],
  ['Специалист службы поддержки', 'Customer Support Specialist', 'office', 4],
  ['Продавец-консультант', 'Sales Assistant', 'retail', 4],
  ['Кассир', 'Cashier', 'retail', 4],
  ['Товаровед', 'Merchandiser', 'retail', 4],
  ['Директор магазина', 'Store Manager', 'retail', 1],
  ['Кладовщик', 'Warehouse Keeper', 'logistics', 4],
  ['Логист', 'Logistics Specialist', 'logistics', 2],
  ['Водитель', 'Driver', 'logistics', 4],
  ['Курьер', 'Courier', 'logistics', 4],
  ['Инженер-конструктор', 'Design Engineer', 'engineering', 2],
  ['Инженер-строитель', 'Civil Engineer', 'engineering', 2],
  ['Инженер-технолог', 'Process Engineer', 'engineering', 2],
  ['Главный инженер', 'Chief Engineer', 'engineering', 1],
  ['Прораб', 'Construction Foreman', 'workers', 4],
  ['Электрик', 'Electrician', 'workers', 4],
  ['Сварщик', 'Welder', 'workers', 4],
  ['Слесарь-ремонтник', 'Maintenance Fitter', 'workers', 4],
  ['Автомеханик', 'Car Mechanic', 'workers', 4],
  ['Врач-терапевт', 'General Practitioner', 'medicine', 2],
  ['Медицинская сестра', 'Nurse', 'medicine', 2],
  ['Фармацевт', 'Pharmacist', 'medicine', 2],
  ['Учитель английского языка', 'English Teacher', 'education', 2],
  ['Преподаватель математики', 'Mathematics Teacher', 'education', 2],
  ['Повар', 'Cook', 'food', 4],
  ['Официант', 'Waiter', 'food', 4],
  ['Генеральный директор', 'Chief Executive Officer', 'management', 1],
  ['Операционный директор', 'Chief Operating Officer', 'management', 1],
];
// how often each title occurs among candidates: sales, developers and workers are many
const POSITION_WEIGHTS = POSITIONS.map(([, , category, type]) =>
  (category === 'sales' ? 3 : category === 'dev' || category === 'retail' || category === 'logistics' ? 2 : 1) * (type === 1 ? 0.4 : 1),
);
const POSITIONS_BY_CATEGORY = new Map<Category, number[]>();
POSITIONS.forEach(([, , category], i) => POSITIONS_BY_CATEGORY.set(category, [...(POSITIONS_BY_CATEGORY.get(category) ?? []), i]));

const SKILLS: Record<Category, { ru: string[]; en: string[] }> = {
  sales: {
    ru: ['Активные продажи', 'Холодные звонки', 'Ведение переговоров', 'B2B-продажи', 'CRM', 'Работа с возражениями', 'Презентация продукта', 'Заключение договоров', 'Работа с ключевыми клиентами', '1С: Управление торговлей', 'Тендеры', 'Битрикс24'],
    en: ['Active sales', 'Cold calling', 'Negotiations', 'B2B sales', 'CRM', 'Objection handling', 'Product presentations', 'Key account management', 'Salesforce', 'Lead generation', 'Tenders', 'HubSpot'],
  },
  dev: {
    ru: ['Java', 'Spring', 'Python', 'Django', 'JavaScript', 'TypeScript', 'React', 'Vue.js', 'Node.js', 'PostgreSQL', 'SQL', 'Docker', 'Kubernetes', 'Git', 'Linux', 'REST API', 'Kafka', 'Redis', 'Go', 'C#', '.NET', 'Kotlin', 'Swift', 'Микросервисы', 'ООП', 'Алгоритмы', '1С: Предприятие'],
    en: ['Java', 'Spring', 'Python', 'Django', 'JavaScript', 'TypeScript', 'React', 'Vue.js', 'Node.js', 'PostgreSQL', 'SQL', 'Docker', 'Kubernetes', 'Git', 'Linux', 'REST API', 'Kafka', 'Redis', 'Go', 'C#', '.NET', 'Kotlin', 'Swift', 'Microservices', 'OOP', 'Algorithms', 'System design'],
  },
  qa: {
    ru: ['Ручное тестирование', 'Автотесты', 'Selenium', 'Postman', 'SQL', 'Jira', 'Тест-дизайн', 'Linux', 'Docker', 'CI/CD', 'Ansible', 'Terraform', 'Nginx', 'Мониторинг', 'Python', 'Bash'],
    en: ['Manual testing', 'Test automation', 'Selenium', 'Postman', 'SQL', 'Jira', 'Test design', 'Linux', 'Docker', 'CI/CD', 'Ansible', 'Terraform', 'Nginx', 'Monitoring', 'Python', 'Bash'],
  },
  analytics: {
    ru: ['SQL', 'Python', 'Excel', 'Power BI', 'Tableau', 'Статистика', 'A/B-тесты', 'BPMN', 'UML', 'Сбор требований', 'Pandas', 'Машинное обучение', 'ClickHouse'],
    en: ['SQL', 'Python', 'Excel', 'Power BI', 'Tableau', 'Statistics', 'A/B testing', 'BPMN', 'UML', 'Requirements gathering', 'Pandas', 'Machine learning', 'ClickHouse'],
  },
  design: {
    ru: ['Figma', 'Adobe Photoshop', 'Adobe Illustrator', 'Прототипирование', 'Дизайн-системы', 'Типографика', 'UX-исследования', 'Брендинг', 'Моушн-дизайн'],
    en: ['Figma', 'Adobe Photoshop', 'Adobe Illustrator', 'Prototyping', 'Design systems', 'Typography', 'UX research', 'Branding', 'Motion design'],
  },
  finance: {
    ru: ['1С: Бухгалтерия', 'МСФО', 'РСБУ', 'Налоговый учет', 'Excel', 'Бюджетирование', 'Финансовый анализ', 'Управленческий учет', 'Расчет заработной платы', 'Банк-клиент'],
    en: ['1C Accounting', 'IFRS', 'Russian accounting standards', 'Tax accounting', 'Excel', 'Budgeting', 'Financial analysis', 'Management accounting', 'Payroll', 'Financial modelling'],
  },
  legal: {
    ru: ['Договорная работа', 'Корпоративное право', 'Судебная практика', 'Трудовое право', 'Арбитраж', 'КонсультантПлюс', 'Гарант', 'Due diligence'],
    en: ['Contract law', 'Corporate law', 'Litigation', 'Employment law', 'Arbitration', 'Legal research', 'Compliance', 'Due diligence'],
  },
  hr: {
    ru: ['Подбор персонала', 'Массовый подбор', 'Адаптация персонала', 'Кадровое делопроизводство', '1С: ЗУП', 'Собеседования', 'HR-бренд', 'Оценка персонала', 'Обучение персонала'],
    en: ['Recruitment', 'Mass recruitment', 'Onboarding', 'HR administration', 'Interviewing', 'Employer branding', 'Performance appraisal', 'Training', 'Headhunting'],
  },
  marketing: {
    ru: ['Яндекс.Директ', 'SEO', 'SMM', 'Контент-маркетинг', 'Таргетированная реклама', 'Google Analytics', 'Яндекс.Метрика', 'Копирайтинг', 'Email-маркетинг', 'Маркетинговые исследования'],
    en: ['Google Ads', 'SEO', 'SMM', 'Content marketing', 'Targeted advertising', 'Google Analytics', 'Copywriting', 'Email marketing', 'Market research', 'Brand management'],
  },
  office: {
    ru: ['Деловая переписка', 'Документооборот', 'MS Office', 'Работа с оргтехникой', 'Грамотная речь', 'Многоканальная телефония', 'Организация мероприятий', 'Работа с CRM'],
    en: ['Business correspondence', 'Document management', 'MS Office', 'Office equipment', 'Customer service', 'Call handling', 'Event planning', 'CRM'],
  },
  retail: {
    ru: ['Работа с кассой', 'Выкладка товара', 'Консультирование покупателей', 'Инвентаризация', 'Мерчандайзинг', 'Приемка товара', '1С: Розница', 'Управление персоналом магазина'],
    en: ['Cash handling', 'Merchandising', 'Customer advice', 'Stocktaking', 'Visual merchandising', 'Goods receiving', 'POS systems', 'Store team management'],
  },
  logistics: {
    ru: ['Складской учет', 'WMS', 'Погрузочно-разгрузочные работы', 'Водительское удостоверение категории B', 'Водительское удостоверение категории C', 'Маршрутизация', 'Таможенное оформление', 'ВЭД', 'Управление автопарком'],
    en: ['Warehouse management', 'WMS', 'Loading and unloading', 'Driving licence B', 'Driving licence C', 'Route planning', 'Customs clearance', 'Foreign trade', 'Fleet management'],
  },
  engineering: {
    ru: ['AutoCAD', 'КОМПАС-3D', 'SolidWorks', 'Revit', 'Чтение чертежей', 'ГОСТ', 'Сметное дело', 'Технический надзор', 'Бережливое производство'],
    en: ['AutoCAD', 'SolidWorks', 'Revit', 'Technical drawings', 'Building codes', 'Cost estimation', 'Technical supervision', 'Lean manufacturing', 'ANSYS'],
  },
  workers: {
    ru: ['Электромонтаж', 'Сварка MIG/MAG', 'Ручная дуговая сварка', 'Чтение чертежей', 'Ремонт оборудования', 'Допуск по электробезопасности', 'Слесарные работы', 'Диагностика автомобилей'],
    en: ['Electrical installation', 'MIG/MAG welding', 'Arc welding', 'Technical drawings', 'Equipment repair', 'Electrical safety certificate', 'Fitting', 'Car diagnostics'],
  },
  medicine: {
    ru: ['Медицинская документация', 'Первая помощь', 'Сертификат специалиста', 'Работа с пациентами', 'Фармакология', 'МИС', 'Процедурный кабинет'],
    en: ['Medical records', 'First aid', 'Board certification', 'Patient care', 'Pharmacology', 'Medical information systems', 'Phlebotomy'],
  },
  education: {
    ru: ['Подготовка к ОГЭ и ЕГЭ', 'Методическая работа', 'Разработка учебных программ', 'Дистанционное обучение', 'Английский язык', 'Работа с детьми'],
    en: ['Exam preparation', 'Curriculum design', 'Lesson planning', 'Online teaching', 'IELTS', 'Classroom management'],
  },
  food: {
    ru: ['Санитарные нормы', 'Приготовление блюд', 'Обслуживание гостей', 'Работа с iiko', 'Кейтеринг', 'Технологические карты'],
    en: ['Food hygiene', 'Cooking', 'Guest service', 'POS systems', 'Catering', 'Menu planning'],
  },
  management: {
    ru: ['Управление проектами', 'Управление командой', 'Agile', 'Scrum', 'Стратегическое планирование', 'Бюджетирование', 'Jira', 'Управление изменениями', 'P&L'],
    en: ['Project management', 'Team management', 'Agile', 'Scrum', 'Strategic planning', 'Budgeting', 'Jira', 'Change management', 'P&L'],
  },
};

const DUTIES: Record<Category, { ru: string[]; en: string[] }> = {
  sales: {
    ru: ['поиск и привлечение новых клиентов', 'ведение переговоров с ключевыми клиентами', 'подготовку коммерческих предложений', 'выполнение плана продаж', 'ведение клиентской базы в CRM', 'проведение презентаций продукта'],
    en: ['finding and winning new clients', 'negotiating with key accounts', 'preparing commercial proposals', 'meeting the sales plan', 'keeping the client base in the CRM', 'presenting the product'],
  },
  dev: {
    ru: ['разработку новых сервисов', 'поддержку и рефакторинг кода', 'проектирование API', 'код-ревью', 'оптимизацию запросов к базе данных', 'написание модульных тестов', 'миграцию монолита на микросервисы'],
    en: ['building new services', 'maintaining and refactoring the code base', 'designing APIs', 'code reviews', 'optimising database queries', 'writing unit tests', 'moving a monolith to microservices'],
  },
  qa: {
    ru: ['тестирование веб-приложений', 'написание тест-кейсов', 'автоматизацию регрессионного тестирования', 'настройку CI/CD', 'администрирование серверов', 'мониторинг инфраструктуры'],
    en: ['testing web applications', 'writing test cases', 'automating regression tests', 'setting up CI/CD', 'server administration', 'infrastructure monitoring'],
  },
  analytics: {
    ru: ['сбор и анализ требований', 'построение отчетов и дашбордов', 'анализ продуктовых метрик', 'подготовку технических заданий', 'проведение A/B-тестов', 'построение моделей прогнозирования'],
    en: ['gathering requirements', 'building reports and dashboards', 'analysing product metrics', 'writing specifications', 'running A/B tests', 'building forecasting models'],
  },
  design: {
    ru: ['проектирование интерфейсов', 'создание дизайн-системы', 'подготовку макетов', 'проведение юзабилити-тестов', 'разработку фирменного стиля'],
    en: ['designing interfaces', 'building the design system', 'preparing mock-ups', 'running usability tests', 'developing the brand identity'],
  },
  finance: {
    ru: ['ведение бухгалтерского учета', 'подготовку налоговой отчетности', 'расчет заработной платы', 'бюджетирование', 'подготовку отчетности по МСФО', 'финансовый анализ'],
    en: ['bookkeeping', 'preparing tax returns', 'payroll', 'budgeting', 'IFRS reporting', 'financial analysis'],
  },
  legal: {
    ru: ['договорную работу', 'представление интересов компании в суде', 'правовую экспертизу документов', 'корпоративные процедуры', 'консультирование сотрудников'],
    en: ['contract work', 'representing the company in court', 'legal review of documents', 'corporate procedures', 'advising staff'],
  },
  hr: {
    ru: ['подбор персонала', 'массовый подбор', 'адаптацию новых сотрудников', 'кадровое делопроизводство', 'оценку персонала', 'развитие HR-бренда'],
    en: ['recruitment', 'mass hiring', 'onboarding new staff', 'HR administration', 'performance reviews', 'employer branding'],
  },
  marketing: {
    ru: ['запуск рекламных кампаний', 'продвижение в социальных сетях', 'SEO-оптимизацию сайта', 'подготовку контента', 'анализ рынка и конкурентов', 'организацию мероприятий'],
    en: ['running ad campaigns', 'social media promotion', 'website SEO', 'content production', 'market and competitor research', 'organising events'],
  },
  office: {
    ru: ['документооборот', 'прием входящих звонков', 'организацию встреч', 'работу с обращениями клиентов', 'закупку канцтоваров', 'ведение календаря руководителя'],
    en: ['document flow', 'answering incoming calls', 'arranging meetings', 'handling customer requests', 'office supplies', "managing the director's calendar"],
  },
  retail: {
    ru: ['консультирование покупателей', 'выкладку товара', 'работу на кассе', 'приемку товара', 'инвентаризацию', 'выполнение плана магазина'],
    en: ['advising customers', 'merchandising', 'working the till', 'receiving goods', 'stocktaking', "meeting the store's targets"],
  },
  logistics: {
    ru: ['приемку и отгрузку товара', 'складской учет', 'доставку грузов по городу', 'планирование маршрутов', 'оформление сопроводительных документов', 'таможенное оформление'],
    en: ['receiving and shipping goods', 'stock accounting', 'deliveries across the city', 'route planning', 'shipping documents', 'customs clearance'],
  },
  engineering: {
    ru: ['разработку конструкторской документации', 'технический надзор на объектах', 'подготовку смет', 'внедрение новых технологий', 'контроль качества'],
    en: ['design documentation', 'technical supervision on site', 'cost estimates', 'introducing new technology', 'quality control'],
  },
  workers: {
    ru: ['монтаж и ремонт оборудования', 'сварочные работы', 'плановое обслуживание техники', 'электромонтажные работы', 'диагностику неисправностей'],
    en: ['installing and repairing equipment', 'welding', 'scheduled maintenance', 'electrical installation', 'fault diagnosis'],
  },
  medicine: {
    ru: ['прием пациентов', 'ведение медицинской документации', 'выполнение назначений врача', 'консультирование по препаратам', 'проведение профилактических осмотров'],
    en: ['seeing patients', 'keeping medical records', "carrying out the doctor's orders", 'advising on medicines', 'preventive check-ups'],
  },
  education: {
    ru: ['проведение уроков', 'подготовку учеников к экзаменам', 'разработку учебных программ', 'классное руководство', 'проведение онлайн-занятий'],
    en: ['teaching lessons', 'preparing students for exams', 'designing curricula', 'form tutoring', 'teaching online'],
  },
  food: {
    ru: ['приготовление блюд', 'обслуживание гостей', 'соблюдение санитарных норм', 'разработку меню', 'приемку продуктов'],
    en: ['cooking', 'serving guests', 'food hygiene', 'menu development', 'receiving produce'],
  },
  management: {
    ru: ['управление командой', 'планирование и контроль сроков', 'взаимодействие с заказчиками', 'управление бюджетом проекта', 'стратегическое планирование', 'запуск новых продуктов'],
    en: ['leading the team', 'planning and tracking deadlines', 'working with stakeholders', 'managing the project budget', 'strategic planning', 'launching new products'],
  },
};

const COMPANIES: readonly [string, string, number][] = [
  ['Сбербанк', 'Sberbank', 0], ['ВТБ', 'VTB', 0], ['Альфа-Банк', 'Alfa-Bank', 0], ['Т-Банк', 'T-Bank', 0], ['Газпромбанк', 'Gazprombank', 0],
  ['Яндекс', 'Yandex', 1], ['VK', 'VK', 1], ['Лаборатория Касперского', 'Kaspersky Lab', 1], ['1С', '1C Company', 1], ['Авито', 'Avito', 1], ['Positive Technologies', 'Positive Technologies', 1], ['СКБ Контур', 'SKB Kontur', 1],
  ['Магнит', 'Magnit', 2], ['X5 Group', 'X5 Group', 2], ['М.Видео', 'M.Video', 2], ['Леруа Мерлен', 'Leroy Merlin', 2], ['ВкусВилл', 'VkusVill', 2], ['Спортмастер', 'Sportmaster', 2],
  ['Ozon', 'Ozon', 3], ['Wildberries', 'Wildberries', 3], ['СДЭК', 'CDEK', 4], ['Деловые Линии', 'Delovye Linii', 4], ['РЖД', 'Russian Railways', 4],
  ['МТС', 'MTS', 5], ['Билайн', 'Beeline', 5], ['МегаФон', 'MegaFon', 5], ['Ростелеком', 'Rostelecom', 5],
  ['Газпром нефть', 'Gazprom Neft', 6], ['Лукойл', 'Lukoil', 6], ['Роснефть', 'Rosneft', 6], ['СИБУР', 'SIBUR', 6],
  ['Северсталь', 'Severstal', 7], ['Норникель', 'Nornickel', 7], ['КАМАЗ', 'KAMAZ', 7], ['Росатом', 'Rosatom', 7], ['ЕвроХим', 'EuroChem', 7],
  ['ПИК', 'PIK Group', 8], ['Самолет', 'Samolet Group', 8], ['ЛСР', 'LSR Group', 8],
  ['Медси', 'Medsi', 9], ['Инвитро', 'Invitro', 9], ['Скайенг', 'Skyeng', 10], ['Нетология', 'Netology', 10],
  ['ООО «Вектор»', 'Vector LLC', 11], ['ООО «Прогресс»', 'Progress LLC', 11], ['ООО «Альянс»', 'Alliance LLC', 11], ['ООО «Северный ветер»', 'North Wind LLC', 11], ['ИП Смирнов', 'Smirnov sole trader', 11],
];
const COMPANY_INFO: readonly [string, string][] = [
  ['Крупный банк', 'A major bank'], ['IT-компания', 'An IT company'], ['Федеральная розничная сеть', 'A national retail chain'], ['Маркетплейс', 'An online marketplace'],
  ['Логистическая компания', 'A logistics company'], ['Телеком-оператор', 'A telecom operator'], ['Нефтегазовая компания', 'An oil and gas company'], ['Промышленный холдинг', 'An industrial group'],
  ['Девелопер', 'A property developer'], ['Сеть медицинских клиник', 'A chain of medical clinics'], ['Онлайн-школа', 'An online school'], ['Малый бизнес', 'A small business'],
];

const UNIVERSITIES: readonly [string, string][] = [
  ['МГУ им. М. В. Ломоносова', 'Lomonosov Moscow State University'], ['СПбГУ', 'Saint Petersburg State University'], ['МФТИ', 'Moscow Institute of Physics and Technology'],
  ['НИУ ВШЭ', 'HSE University'], ['МГТУ им. Н. Э. Баумана', 'Bauman Moscow State Technical University'], ['Университет ИТМО', 'ITMO University'], ['УрФУ', 'Ural Federal University'],
  ['НГУ', 'Novosibirsk State University'], ['КФУ', 'Kazan Federal University'], ['ТГУ', 'Tomsk State University'], ['РЭУ им. Г. В. Плеханова', 'Plekhanov Russian University of Economics'],
  ['Финансовый университет при Правительстве РФ', 'Financial University under the Government of the Russian Federation'], ['МГИМО', 'MGIMO University'], ['РАНХиГС', 'RANEPA'],
  ['ЮФУ', 'Southern Federal University'], ['СПбПУ Петра Великого', 'Peter the Great St. Petersburg Polytechnic University'], ['Московский политех', 'Moscow Polytechnic University'],
  ['Колледж предпринимательства № 11', 'College of Entrepreneurship No. 11'], ['Политехнический колледж им. Н. Н. Годовикова', 'Godovikov Polytechnic College'], ['Медицинский колледж № 1', 'Medical College No. 1'],
];
const SPECIALITIES: Record<Category, { ru: string; en: string }> = {
  sales: { ru: 'Менеджмент', en: 'Management' }, dev: { ru: 'Прикладная информатика', en: 'Applied Computer Science' }, qa: { ru: 'Информационные системы и технологии', en: 'Information Systems' },
  analytics: { ru: 'Прикладная математика', en: 'Applied Mathematics' }, design: { ru: 'Дизайн', en: 'Design' }, finance: { ru: 'Экономика', en: 'Economics' }, legal: { ru: 'Юриспруденция', en: 'Law' },
  hr: { ru: 'Управление персоналом', en: 'Human Resource Management' }, marketing: { ru: 'Маркетинг', en: 'Marketing' }, office: { ru: 'Документоведение', en: 'Records Management' },
  retail: { ru: 'Торговое дело', en: 'Commerce' }, logistics: { ru: 'Логистика', en: 'Logistics' }, engineering: { ru: 'Строительство', en: 'Civil Engineering' }, workers: { ru: 'Техническая эксплуатация оборудования', en: 'Equipment Maintenance' },
  medicine: { ru: 'Лечебное дело', en: 'General Medicine' }, education: { ru: 'Педагогическое образование', en: 'Teacher Education' }, food: { ru: 'Поварское дело', en: 'Culinary Arts' }, management: { ru: 'Государственное и муниципальное управление', en: 'Public Administration' },
};
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

// ---------------------------------------------------------------------------------------------
// A candidate

interface CityRef {
  id: number;
  nameRu: string;
  nameEn: string;
  population: number;
}

interface Context {
  seed: number;
  cities: Weighted<CityRef>;
  creators: string[];
  now: number;
}

/** A row for the insert: the names are the columns of its jsonb_to_recordset. */
interface CandidateRow {
  created_by: string;
  name: string;
  surname: string;
  dob: string | null;
  position: string;
  salary: number | null;
  salary_to: number | null;
  city_id: number | null;
  email: string | null;
  phone: string | null;
  /** array literals: '{1,3}', '{"Java","SQL"}' */
  schedule: string;
  skills: string;
  jobs: JobEntry[];
  education: EducationEntry[];
  langs: LanguageEntry[];
  lang: string;
  pd_status: number;
  /** the rest of searchTexts(): skills, jobs and education names */
  rest: string;
  created_at: string;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const SURNAME_WEIGHTS = RU_SURNAMES.map((_, i) => 1 / (i + 8));
const SCHEDULES: readonly number[][] = [[1], [2], [3], [1, 3], [2, 3], [1, 2], [1, 2, 3], []];
const SCHEDULE_WEIGHTS = [55, 10, 10, 14, 4, 3, 2, 2];

/** A PostgreSQL array literal of texts: {"a","b \"c\""}. */
function pgTextArray(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function makeCandidate(index: number, ctx: Context): CandidateRow {
  const rng = new Rng(seedOf(ctx.seed, 1, index));
  const english = rng.chance(0.25);
  const female = rng.chance(0.5);
  let name: string;
  let surname: string;
  if (!english) {
    name = rng.pick(female ? RU_FEMALE : RU_MALE);
    surname = RU_SURNAMES[rng.weighted(SURNAME_WEIGHTS)]!;
    if (female) surname = femaleSurname(surname, false);
  } else if (rng.chance(0.3)) {
    name = rng.pick(female ? TRANSLIT_FEMALE : TRANSLIT_MALE);
    surname = rng.pick(TRANSLIT_SURNAMES);
    if (female) surname = femaleSurname(surname, true);
  } else {
    name = rng.pick(female ? EN_FEMALE : EN_MALE);
    surname = rng.pick(EN_SURNAMES);
  }
  const lang = english ? 'en' : 'ru';
  const positionIndex = rng.weighted(POSITION_WEIGHTS);
  const [titleRu, titleEn, category] = POSITIONS[positionIndex]!;
  const position = english ? titleEn : titleRu;

  // ages 18–65, most between 25 and 45
  const age = rng.chance(0.7) ? rng.int(23, 45) : rng.int(18, 65);
  const dobMs = ctx.now - (age * 365.25 + rng.int(0, 364)) * DAY;
  const dob = rng.chance(0.05) ? null : isoDay(dobMs);

  // 30k–500k, log-scaled and skewed to the lower end, in steps of 5,000
  let salary: number | null = Math.round((30_000 * Math.pow(500 / 30, Math.pow(rng.next(), 1.4))) / 5000) * 5000;
  let salaryTo: number | null = rng.chance(0.35) ? Math.min(500_000, Math.round((salary * (1.1 + rng.next() * 0.4)) / 5000) * 5000) : null;
  if (rng.chance(0.06)) {
    salary = null;
    salaryTo = null;
  }

  const pool = SKILLS[category][lang];
  const skills = rng.some(pool, rng.int(2, Math.min(8, pool.length)));
  if (rng.chance(0.3)) skills.push(english ? 'English' : 'Английский язык');

  // jobs, newest first, going back from now and never before the age of 18
  const jobs: JobEntry[] = [];
  const jobCount = dob ? rng.weighted([10, 20, 25, 20, 15, 10]) : rng.int(0, 2);
  let end = ctx.now - rng.int(0, 300) * DAY;
  let current = rng.chance(0.55);
  const adult = dobMs + 18 * 365.25 * DAY;
  const sameCategory = POSITIONS_BY_CATEGORY.get(category)!;
  const duties = DUTIES[category][lang];
  for (let j = 0; j < jobCount; j++) {
    const start = end - rng.int(180, 1800) * DAY;
    if (start < adult) break;
    const [companyRu, companyEn, kind] = rng.pick(COMPANIES);
    const [infoRu, infoEn] = COMPANY_INFO[kind]!;
    const title = POSITIONS[j === 0 || rng.chance(0.5) ? positionIndex : rng.pick(sameCategory)]!;
    const [d1, d2, d3, d4] = rng.some(duties, 4);
    const growth = rng.int(10, 60);
    const description = english
      ? [`Responsible for ${d1} and ${d2}.`, rng.chance(0.7) ? `Key tasks: ${d3}, ${d4}.` : '', rng.chance(0.5) ? `Achieved ${growth}% growth of the team's key figures within a year.` : '']
      : [`${female ? 'Отвечала' : 'Отвечал'} за ${d1} и ${d2}.`, rng.chance(0.7) ? `Основные задачи: ${d3}, ${d4}.` : '', rng.chance(0.5) ? `${female ? 'Добилась' : 'Добился'} роста ключевых показателей на ${growth}% за год.` : ''];
    jobs.push({
      from: isoDay(start),
      to: current ? null : isoDay(end),
      companyName: english ? companyEn : companyRu,
      companyInfo: rng.chance(0.6) ? (english ? infoEn : infoRu) : '',
      positionName: english ? title[1] : title[0],
      positionDescription: description.filter(Boolean).join(' '),
    });
    current = false;
    end = start - rng.int(0, 240) * DAY;
  }

  const education: EducationEntry[] = [];
  const born = new Date(dobMs).getUTCFullYear();
  const educationCount = rng.weighted([12, 70, 18]);
  for (let e = 0; e < educationCount; e++) {
    const [uniRu, uniEn] = rng.pick(UNIVERSITIES);
    const speciality = SPECIALITIES[e === 0 ? category : rng.pick(Object.keys(SPECIALITIES) as Category[])];
    const year = Math.min(new Date(ctx.now).getUTCFullYear(), born + 21 + e * 2 + rng.int(0, 3));
    const degree = e === 0 ? (english ? 'Bachelor' : 'Бакалавр') : english ? 'Master' : 'Магистр';
    education.push({ year, name: english ? uniEn : uniRu, description: english ? `${degree}, ${speciality.en}` : `${degree}, «${speciality.ru}»` });
  }

  const langs: LanguageEntry[] = english
    ? [{ lang: 'English', level: rng.chance(0.7) ? 'Native' : rng.pick(['C1', 'C2']) }, ...(rng.chance(0.4) ? [{ lang: 'Russian', level: rng.pick(['Native', ...LEVELS]) }] : [])]
    : [{ lang: 'Русский', level: 'Native' }, ...(rng.chance(0.6) ? [{ lang: 'Английский', level: rng.pick(LEVELS) }] : []), ...(rng.chance(0.08) ? [{ lang: rng.pick(['Немецкий', 'Французский', 'Китайский', 'Испанский']), level: rng.pick(LEVELS) }] : [])];

  const handle = `${latin(name)}.${latin(surname)}${rng.int(1, 999)}`.replace(/[^a-z0-9.]/g, '');
  const email = rng.chance(0.9) ? `${handle}@${rng.pick(['mail.ru', 'yandex.ru', 'gmail.com', 'inbox.ru', 'bk.ru', 'outlook.com'])}` : null;
  const phone = rng.chance(0.85) ? `+7 (9${rng.int(0, 9)}${rng.int(0, 9)}) ${rng.int(100, 999)}-${rng.int(10, 99)}-${rng.int(10, 99)}` : null;
  const createdAt = new Date(ctx.now - rng.next() * 3 * 365 * DAY).toISOString();

  // the texts of searchTexts() in src/lib/server/candidates.ts: skills, jobs, then education names
  const rest = [...skills, ...jobs.flatMap((j) => [j.positionName, j.companyName, j.positionDescription, j.companyInfo]), ...education.map((e) => e.name)].join(' ').slice(0, 20_000);

  return {
    created_by: rng.pick(ctx.creators),
    name,
    surname,
    dob,
    position,
    salary,
    salary_to: salaryTo,
    city_id: rng.chance(0.04) ? null : ctx.cities.pick(rng).id,
    email,
    phone,
    schedule: `{${SCHEDULES[rng.weighted(SCHEDULE_WEIGHTS)]!.join(',')}}`,
    skills: pgTextArray(skills),
    jobs,
    education,
    langs,
    lang,
    pd_status: [1, 2, 3, 4][rng.weighted([60, 10, 5, 25])]!,
    rest,
    created_at: createdAt,
  };
}

// One JSON parameter per batch (cheaper for Node than 19 arrays of texts), taken apart by
// jsonb_to_recordset. The batch's candidate numbers are $3 + 1 onwards, taken beforehand by
// RESERVE_NUMBERS (the trigger `candidates_number` would take them a row at a time, each update
// of the space's counter behind the batch's own earlier ones: slower by half for the seed). The search vector is searchVector() of src/lib/server/candidates.ts on the
// texts of searchTexts(): names, position, and `rest`, with GAP ('-:1') between the parts.
const INSERT_CANDIDATES = `
with rows as (
  select *, $3::int + row_number() over () as number from jsonb_to_recordset($2::jsonb) as t(created_by uuid, name text, surname text, dob date, position text, salary int, salary_to int,
    city_id int, email text, phone text, schedule text, skills text, jobs jsonb, education jsonb, langs jsonb, lang text, pd_status int, rest text, created_at timestamptz)
), inserted as (
  insert into candidates (space_id, created_by, name, surname, dob, position_name, salary, salary_to, city_id, email, phone, schedule, skills,
                          job_experience, education, langs, lang, pd_status, search, created_at, updated_at, number)
  select $1, created_by, name, surname, dob, position, salary, salary_to, city_id, email, phone, schedule::smallint[], skills::text[],
         jobs, education, langs, lang, pd_status,
         setweight(to_tsvector('simple', name || ' ' || surname), 'A') || '-:1'::tsvector
           || setweight(to_tsvector('simple', position) || '-:1'::tsvector || to_tsvector('russian', position) || '-:1'::tsvector || to_tsvector('english', position), 'B')
           || '-:1'::tsvector || to_tsvector('simple', rest) || '-:1'::tsvector || to_tsvector('russian', rest) || '-:1'::tsvector || to_tsvector('english', rest),
         created_at, created_at, number
  from rows
  returning id, created_by, created_at
)
insert into funnel_events (space_id, candidate_id, user_id, kind, created_at)
select $1, id, created_by, 'candidate_added', created_at from inserted`;

const RESERVE_NUMBERS = `
insert into candidate_numbers as n (space_id, last) values ($1, $2) on conflict (space_id) do update set last = n.last + $2
returning n.last - $2 as base`;

function candidateParams(spaceId: string, rows: CandidateRow[], numbersAfter: number): unknown[] {
  return [spaceId, JSON.stringify(rows), numbersAfter];
}

// ---------------------------------------------------------------------------------------------
// Accounts, vacancies, links

interface Options {
  candidates: number;
  email: string;
  password: string;
  reset: boolean;
  seed: number;
}

interface Demo {
  spaceId: string;
  company: string;
  recruiters: string[];
  customers: string[];
  emails: string[];
}

function parse(argv: string[]): Options {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { candidates: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, reset: { type: 'boolean' }, seed: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
  if (values.candidates === undefined) throw new CliError('--candidates is required', 2);
  const candidates = Number(values.candidates);
  if (!Number.isInteger(candidates) || candidates < 0 || candidates > 10_000_000) throw new CliError(`--candidates must be a whole number from 0 to 10000000, not "${values.candidates}"`, 2);
  const seed = Number(values.seed ?? 1);
  if (!Number.isInteger(seed)) throw new CliError(`--seed must be a whole number, not "${values.seed}"`, 2);
  const email = EmailSchema.safeParse(values.email ?? DEFAULT_EMAIL);
  if (!email.success) throw new CliError(`--email: not an e-mail address: "${values.email}"`, 2);
  const password = NewPasswordSchema.safeParse(values.password ?? DEFAULT_PASSWORD);
  if (!password.success) throw new CliError('--password: at least 8 characters with an upper- and a lower-case letter, a digit and a symbol', 2);
  return { candidates, email: email.data, password: password.data, reset: Boolean(values.reset), seed };
}

/** demo@recruit.local → demo.recruiter1@recruit.local */
function staffEmail(email: string, role: string, n: number): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}.${role}${n}${email.slice(at)}`;
}

const PEOPLE = {
  company: { name: 'Анна', surname: 'Демидова' },
  recruiters: [{ name: 'Ольга', surname: 'Рекрутова' }, { name: 'Игорь', surname: 'Подборов' }],
  customers: [{ name: 'Сергей', surname: 'Заказчиков' }, { name: 'Марина', surname: 'Руководителева' }, { name: 'Павел', surname: 'Директоров' }],
};

/** The company and its people: created when missing, their password set to the one given. */
async function ensureAccounts(client: pg.PoolClient, options: Options): Promise<Demo> {
  const passwordHash = await hashPassword(options.password);
  await client.query('begin');
  try {
    const live = async (email: string) =>
      (await client.query<{ id: string; space_id: string | null; role: number }>('select id, space_id, role from users where email = $1 and deleted_at is null', [email])).rows[0];
    let company = await live(options.email);
    if (company && (company.role !== ROLE.COMPANY || !company.space_id)) {
      throw new CliError(`${options.email} belongs to an account that is not a company; choose another --email`);
    }
    let spaceId = company?.space_id ?? undefined;
    if (!company) {
      spaceId = (await client.query<{ id: string }>('insert into spaces default values returning id')).rows[0]!.id;
      company = (
        await client.query<{ id: string; space_id: string; role: number }>(
          `insert into users (email, password_hash, name, surname, role, status, lang, company_name, space_id)
           values ($1, $2, $3, $4, $5, $6, 'ru', $7, $8) returning id, space_id, role`,
          [options.email, passwordHash, PEOPLE.company.name, PEOPLE.company.surname, ROLE.COMPANY, STATUS.ACTIVE, 'ООО «Демо Рекрут»', spaceId],
        )
      ).rows[0]!;
    }
    const member = async (email: string, role: number, person: { name: string; surname: string }) => {
      const found = await live(email);
      if (found && found.space_id !== spaceId) throw new CliError(`${email} already belongs to another space; choose another --email`);
      if (found) return found.id;
      return (
        await client.query<{ id: string }>(
          `insert into users (email, password_hash, name, surname, role, status, lang, space_id, invited_by)
           values ($1, $2, $3, $4, $5, $6, 'ru', $7, $8) returning id`,
          [email, passwordHash, person.name, person.surname, role, STATUS.ACTIVE, spaceId, company!.id],
        )
      ).rows[0]!.id;
    };
    const recruiters: string[] = [];
    for (const [i, person] of PEOPLE.recruiters.entries()) recruiters.push(await member(staffEmail(options.email, 'recruiter', i + 1), ROLE.RECRUITER, person));
    const customers: string[] = [];
    for (const [i, person] of PEOPLE.customers.entries()) customers.push(await member(staffEmail(options.email, 'customer', i + 1), ROLE.CUSTOMER, person));
    const ids = [company.id, ...recruiters, ...customers];
    // the members joined by the company's invites, as real ones do: the profile lists them as its recruiters and customers
    await client.query(
      `insert into invites (space_id, invited_by, email, name, surname, role, user_id, mail_state)
       select $1, $2, u.email, u.name, u.surname, u.role, u.id, 'sent' from users u where u.id = any($3::uuid[])
       on conflict (space_id, email) do update set user_id = excluded.user_id`,
      [spaceId, company.id, [...recruiters, ...customers]],
    );
    // every demo account: active, verified and on the password printed at the end
    await client.query('update users set password_hash = $1, status = $2 where id = any($3::uuid[])', [passwordHash, STATUS.ACTIVE, ids]);
    await client.query('commit');
    return {
      spaceId: spaceId!,
      company: company.id,
      recruiters,
      customers,
      emails: [options.email, ...PEOPLE.recruiters.map((_, i) => staffEmail(options.email, 'recruiter', i + 1)), ...PEOPLE.customers.map((_, i) => staffEmail(options.email, 'customer', i + 1))],
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

async function reset(client: pg.PoolClient, spaceId: string): Promise<void> {
  // the vacancies take their links, ratings, comments and events with them; candidates theirs
  await client.query('begin');
  await client.query('delete from vacancies where space_id = $1', [spaceId]);
  await client.query('delete from funnel_events where space_id = $1', [spaceId]);
  await client.query('delete from candidates where space_id = $1', [spaceId]);
  // with no candidate left, numbering starts again from 1
  await client.query('delete from candidate_numbers where space_id = $1', [spaceId]);
  // pending invites go; those the demo members joined by stay
  await client.query('delete from invites where space_id = $1 and user_id is null', [spaceId]);
  await client.query('commit');
}

const DEPARTMENTS: Record<Category, string> = {
  sales: 'Отдел продаж', dev: 'Разработка', qa: 'Инфраструктура и качество', analytics: 'Аналитика', design: 'Дизайн', finance: 'Финансы', legal: 'Юридический отдел', hr: 'HR',
  marketing: 'Маркетинг', office: 'Администрация', retail: 'Розница', logistics: 'Логистика', engineering: 'Инженерный отдел', workers: 'Производство', medicine: 'Медицинский центр',
  education: 'Учебный центр', food: 'Столовая', management: 'Дирекция',
};
const STREETS = ['ул. Ленина', 'пр. Мира', 'ул. Советская', 'Невский пр.', 'ул. Тверская', 'ул. Гагарина', 'ул. Пушкина', 'Ленинградский пр.', 'ул. Кирова', 'ул. Садовая'];
const BONUSES = ['ДМС после испытательного срока', 'Годовая премия до 20% оклада', 'Компенсация обучения и конференций', 'Гибкое начало рабочего дня', 'Корпоративный транспорт', ''];
// the deep vacancy first: sales in Moscow, the most common candidate title
const VACANCY_TITLES = ['Менеджер по продажам', 'Java-разработчик', 'Бухгалтер', 'Аналитик данных', 'HR-менеджер', 'Водитель', 'Продавец-консультант', 'Инженер-конструктор', 'Маркетолог', 'Тестировщик',
  'Юрист', 'Кладовщик', 'Frontend-разработчик', 'Руководитель отдела продаж', 'Оператор колл-центра', 'Менеджер проектов', 'Электрик', 'Медицинская сестра', 'Повар', 'UX/UI-дизайнер'];

interface VacancyRef {
  id: string;
  status: number;
  createdAt: number;
  customers: string[];
  links: number;
}

async function ensureVacancies(client: pg.PoolClient, demo: Demo, cities: CityRef[], options: Options, now: number): Promise<VacancyRef[]> {
  const existing = (await client.query<{ id: string }>('select id from vacancies where space_id = $1', [demo.spaceId])).rows.length;
  const big = [...cities].sort((a, b) => b.population - a.population).slice(0, 40);
  const moscow = big[0]!;
  const skills = (await client.query<{ id: number }>('select id from soft_skills order by position')).rows.map((r) => r.id);
  await client.query('begin');
  try {
    for (let v = existing; v < VACANCIES; v++) {
      const rng = new Rng(seedOf(options.seed, 2, v));
      const title = VACANCY_TITLES[v % VACANCY_TITLES.length]!;
      const [, , category, positionType] = POSITIONS.find((p) => p[0] === title)!;
      const city = v === 0 ? moscow : rng.chance(0.4) ? moscow : rng.pick(big);
      const hardSkills = rng.some(SKILLS[category].ru, rng.int(3, 6));
      const salary = Math.round((40_000 + rng.next() * 200_000) / 5000) * 5000;
      const status = v === 0 ? 1 : v >= VACANCIES - 2 ? 3 : v >= VACANCIES - 4 ? 2 : 1;
      const customers = rng.some(demo.customers, rng.int(1, 2));
      const department = DEPARTMENTS[category];
      const createdAt = new Date(now - (v === 0 ? 150 : rng.int(1, 120)) * DAY);
      const [row] = (
        await client.query<{ id: string }>(
          `insert into vacancies (space_id, recruiter_id, position_type, position_name, quantity, department_name, hard_skills, job_experience, exceptional_requirements,
             country, city_id, address, salary, salary_to, schedule, bonus, main_customer_id, status, search_text, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'ru', $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) returning id`,
          [
            demo.spaceId, rng.pick([demo.company, ...demo.recruiters]), positionType, title, rng.int(1, 5), department, hardSkills, rng.int(1, 4),
            rng.chance(0.3) ? 'Готовность к командировкам' : '', city.id, `${rng.pick(STREETS)}, д. ${rng.int(1, 150)}`, salary,
            rng.chance(0.6) ? salary + rng.int(2, 10) * 10_000 : null, rng.int(1, 3), rng.pick(BONUSES), customers[0], status,
            normalize([title, department, ...hardSkills, city.nameRu, city.nameEn].join(' ')), createdAt,
          ],
        )
      ).rows;
      await client.query('insert into vacancy_customers (vacancy_id, user_id) select $1, unnest($2::uuid[])', [row!.id, customers]);
      await client.query('insert into vacancy_soft_skills (vacancy_id, skill_id) select $1, unnest($2::smallint[])', [row!.id, rng.some(skills, rng.int(3, 5))]);
      await client.query('insert into vacancy_comments (vacancy_id, user_id, text, created_at) values ($1, $2, $3, $4)', [row!.id, demo.company, 'Вакансия открыта, ждем кандидатов.', createdAt]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  const rows = await client.query<{ id: string; status: number; created_at: Date; customers: string[]; links: number }>(
    `select v.id, v.status, v.created_at,
            array(select user_id from vacancy_customers c where c.vacancy_id = v.id) as customers,
            (select count(*)::int from vacancy_candidates l where l.vacancy_id = v.id) as links
     from vacancies v where v.space_id = $1 order by v.created_at`,
    [demo.spaceId],
  );
  return rows.rows.map((r) => ({ id: r.id, status: r.status, createdAt: r.created_at.getTime(), customers: r.customers, links: r.links }));
}

const COMMENTS = ['Хороший опыт, рекомендую к следующему этапу', 'Слабые знания по профилю', 'Отличная коммуникация', 'Дорого, но сильный кандидат', 'Нужен второй разговор', '', '', ''];

/** Puts `count` more candidates of the space onto the vacancy, with stages, priorities, ratings and events. */
async function link(client: pg.PoolClient, demo: Demo, pool: string[], vacancy: VacancyRef, count: number, options: Options, now: number): Promise<number> {
  if (count <= 0) return 0;
  const taken = new Set((await client.query<{ id: string }>('select candidate_id as id from vacancy_candidates where vacancy_id = $1', [vacancy.id])).rows.map((r) => r.id));
  const pickRng = new Rng(seedOf(options.seed, 4, vacancy.links) ^ parseInt(vacancy.id.slice(0, 8), 16));
  const ids: string[] = [];
  for (let tries = 0; ids.length < count && tries < count * 20; tries++) {
    const id = pool[Math.floor(pickRng.next() * pool.length)]!;
    if (taken.has(id)) continue;
    taken.add(id);
    ids.push(id);
  }
  const staff = [demo.company, ...demo.recruiters];
  const links: { candidate: string; stage: number; priority: number; changed: string; by: string; created: string }[] = [];
  const ratings: { candidate: string; user: string; score: number; comment: string; created: string }[] = [];
  const events: { candidate: string; user: string; kind: string; from: string | null; to: string | null; created: string }[] = [];
  ids.forEach((candidate, i) => {
    const rng = new Rng(seedOf(options.seed, 3, vacancy.links + i) ^ parseInt(vacancy.id.slice(0, 8), 16));
    const createdMs = vacancy.createdAt + rng.next() * (now - vacancy.createdAt);
    const stage = [1, 2, 3, 4, 5, 6, 7][rng.weighted([45, 20, 10, 8, 4, 1, 12])]!;
    const changedMs = stage === 1 ? createdMs : createdMs + rng.next() * (now - createdMs);
    const by = rng.pick(staff);
    const created = new Date(createdMs).toISOString();
    const changed = new Date(changedMs).toISOString();
    links.push({ candidate, stage, priority: [1, 2, 3][rng.weighted([20, 60, 20])]!, changed, by, created });
    events.push({ candidate, user: by, kind: 'added_to_vacancy', from: null, to: null, created });
    if (stage > 1) events.push({ candidate, user: rng.pick(staff), kind: 'stage', from: '1', to: String(stage), created: changed });
    if (stage > 1 && rng.chance(0.6)) {
      for (const user of rng.some([...staff, ...vacancy.customers], rng.int(1, 3))) {
        const score = [1, 2, 3, 4, 5][rng.weighted([5, 10, 25, 35, 25])]!;
        const at = new Date(createdMs + rng.next() * (changedMs - createdMs)).toISOString();
        ratings.push({ candidate, user, score, comment: rng.pick(COMMENTS), created: at });
        events.push({ candidate, user, kind: 'rating', from: null, to: String(score), created: at });
      }
    }
  });
  await client.query('begin');
  try {
    for (let i = 0; i < links.length; i += 5000) {
      const part = links.slice(i, i + 5000);
      await client.query(
        `insert into vacancy_candidates (vacancy_id, candidate_id, stage, priority, stage_changed_at, added_by, created_at)
         select $1, * from unnest($2::uuid[], $3::smallint[], $4::smallint[], $5::timestamptz[], $6::uuid[], $7::timestamptz[])`,
        [vacancy.id, part.map((l) => l.candidate), part.map((l) => l.stage), part.map((l) => l.priority), part.map((l) => l.changed), part.map((l) => l.by), part.map((l) => l.created)],
      );
    }
    for (let i = 0; i < ratings.length; i += 5000) {
      const part = ratings.slice(i, i + 5000);
      await client.query(
        `insert into ratings (vacancy_id, candidate_id, user_id, score, comment, created_at)
         select $1, * from unnest($2::uuid[], $3::uuid[], $4::smallint[], $5::text[], $6::timestamptz[]) on conflict do nothing`,
        [vacancy.id, part.map((r) => r.candidate), part.map((r) => r.user), part.map((r) => r.score), part.map((r) => r.comment), part.map((r) => r.created)],
      );
    }
    for (let i = 0; i < events.length; i += 5000) {
      const part = events.slice(i, i + 5000);
      await client.query(
        `insert into funnel_events (space_id, vacancy_id, candidate_id, user_id, kind, from_value, to_value, created_at)
         select $1, $2, * from unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])`,
        [demo.spaceId, vacancy.id, part.map((e) => e.candidate), part.map((e) => e.user), part.map((e) => e.kind), part.map((e) => e.from), part.map((e) => e.to), part.map((e) => e.created)],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  return links.length;
}

/**
 * What the customers would have been told of the recruiters' moves into their stages (customer
 * interview, finalist): the newest twelve of each vacancy, the week's unread. Without them a
 * customer's notifications page was empty on demo data, the candidates waiting on them having
 * arrived without a word. Only of published vacancies (a demo archive's moves are as recent as
 * the rest, which read as moves after the archiving). Already mailed (none goes out), and only
 * into a space that has none yet, so a second run adds nothing.
 */
async function seedNotices(client: pg.PoolClient, spaceId: string): Promise<number> {
  const { rowCount } = await client.query(
    `insert into notifications (user_id, space_id, kind, actor_id, candidate_id, vacancy_id, params, created_at, read_at, mailed_at)
     select vcu.user_id, v.space_id, 'stage', e.user_id, l.candidate_id, v.id,
            jsonb_build_object('actor', trim(a.name || ' ' || a.surname), 'candidate', trim(c.name || ' ' || c.surname),
                               'vacancy', v.position_name, 'stage', l.stage),
            l.stage_changed_at,
            case when l.stage_changed_at < now() - interval '7 days' then l.stage_changed_at + interval '2 hours' end,
            now()
       from vacancies v
       join lateral (select candidate_id, stage, stage_changed_at from vacancy_candidates
                      where vacancy_id = v.id and stage in (4, 5) order by stage_changed_at desc limit 12) l on true
       join vacancy_customers vcu on vcu.vacancy_id = v.id
       join candidates c on c.id = l.candidate_id
       join lateral (select user_id from funnel_events
                      where vacancy_id = v.id and candidate_id = l.candidate_id and kind = 'stage'
                      order by created_at desc limit 1) e on true
       join users a on a.id = e.user_id
      where v.space_id = $1 and v.status = 1
        and not exists (select 1 from notifications where space_id = $1)`,
    [spaceId],
  );
  return rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function insertCandidates(database: Database, demo: Demo, ctx: Context, first: number, count: number): Promise<void> {
  const started = performance.now();
  let next = 0;
  let done = 0;
  let reported = 0;
  const worker = async () => {
    const client = await database.pool.connect();
    try {
      // a crash loses at most the last batches of demo data; the commit need not wait for the disk
      await client.query('set synchronous_commit = off');
      for (;;) {
        const offset = next;
        if (offset >= count) return;
        next += BATCH;
        const size = Math.min(BATCH, count - offset);
        const rows: CandidateRow[] = [];
        for (let k = 0; k < size; k++) rows.push(makeCandidate(first + offset + k, ctx));
        const reserved = await client.query<{ base: number }>(RESERVE_NUMBERS, [demo.spaceId, size]);
        await client.query(INSERT_CANDIDATES, candidateParams(demo.spaceId, rows, reserved.rows[0]!.base));
        done += size;
        if (done - reported >= Math.max(BATCH, count / 20) || done === count) {
          reported = done;
          const rate = done / ((performance.now() - started) / 1000);
          console.log(`  ${done.toLocaleString('en')} / ${count.toLocaleString('en')} candidates (${seconds(started)}, ${Math.round(rate).toLocaleString('en')}/s)`);
        }
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, Math.ceil(count / BATCH)) }, worker));
}

async function seed(options: Options): Promise<void> {
  const started = performance.now();
  const config = env();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, adopt: false, migrate: true, max: WORKERS + 1 });
  try {
    const client = await database.pool.connect();
    try {
      const demo = await ensureAccounts(client, options);
      console.log(`demo space ${demo.spaceId} (company ${options.email})`);
      if (options.reset) {
        const t = performance.now();
        await reset(client, demo.spaceId);
        console.log(`reset: removed the space's candidates and vacancies (${seconds(t)})`);
      }
      const cities = (
        await client.query<{ id: number; name_ru: string; name_en: string; population: number }>("select id, name_ru, name_en, population from cities where country = 'ru'")
      ).rows.map((r) => ({ id: r.id, nameRu: r.name_ru, nameEn: r.name_en, population: r.population }));
      if (!cities.length) throw new CliError('the cities table is empty: the migrations did not run?');
      const now = Date.now();
      const vacancies = await ensureVacancies(client, demo, cities, options, now);
      console.log(`${vacancies.length} vacancies`);

      const existing = (await client.query<{ n: number }>('select count(*)::int as n from candidates where space_id = $1', [demo.spaceId])).rows[0]!.n;
      if (options.candidates > 0) {
        console.log(`adding ${options.candidates.toLocaleString('en')} candidates to the ${existing.toLocaleString('en')} there`);
        const t = performance.now();
        const ctx: Context = { seed: options.seed, cities: new Weighted(cities, (c) => c.population), creators: [demo.company, ...demo.recruiters], now };
        await insertCandidates(database, demo, ctx, existing, options.candidates);
        console.log(`candidates inserted in ${seconds(t)}`);
      }
      const total = existing + options.candidates;

      // one published vacancy with depth, the other published ones with a few dozen each
      const t = performance.now();
      const published = vacancies.filter((v) => v.status !== 2);
      // the oldest published vacancy, or the one a previous run filled
      const deep = published.filter((v) => v.status === 1).reduce((a, b) => (b.links > a.links ? b : a));
      const pool = (await client.query<{ id: string }>('select id from candidates where space_id = $1 order by created_at, id', [demo.spaceId])).rows.map((r) => r.id);
      let added = await link(client, demo, pool, deep, Math.min(DEEP_LINKS, Math.floor(total * 0.6)) - deep.links, options, now);
      for (const [i, vacancy] of published.entries()) {
        if (vacancy === deep || vacancy.links > 0) continue;
        added += await link(client, demo, pool, vacancy, Math.min(10 + ((i * 37) % 150), Math.floor(total * 0.05)), options, now);
      }
      if (added) console.log(`${added.toLocaleString('en')} candidates put onto vacancies (${seconds(t)})`);
      const notices = await seedNotices(client, demo.spaceId);
      if (notices) console.log(`${notices} notifications for the customers`);

      const v = performance.now();
      // vacuum: the visibility map lets counts use index-only scans, and the GIN pending list is merged
      await client.query('vacuum (analyze) candidates, vacancy_candidates, ratings, funnel_events, vacancies');
      console.log(`vacuum analyze (${seconds(v)})`);

      const counts = (
        await client.query<{ candidates: number; vacancies: number; links: number }>(
          `select (select count(*)::int from candidates where space_id = $1) as candidates,
                  (select count(*)::int from vacancies where space_id = $1) as vacancies,
                  (select count(*)::int from vacancy_candidates l join vacancies v on v.id = l.vacancy_id where v.space_id = $1) as links`,
          [demo.spaceId],
        )
      ).rows[0]!;
      console.log(`\ndone in ${seconds(started)}: ${counts.candidates.toLocaleString('en')} candidates, ${counts.vacancies} vacancies, ${counts.links.toLocaleString('en')} candidates on vacancies (${deep.id} has the most)`);
      console.log(`accounts (password ${options.password}):`);
      const roles = ['company', 'recruiter', 'recruiter', 'customer', 'customer', 'customer'];
      demo.emails.forEach((email, i) => console.log(`  ${roles[i]!.padEnd(9)}  ${email}`));
    } finally {
      client.release();
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  try {
    await seed(parse(process.argv.slice(2)));
    return 0;
  } catch (error) {
    const code = error instanceof CliError ? error.code : 1;
    console.error(`error: ${error instanceof CliError ? error.message : ((error as Error).stack ?? String(error))}`);
    if (code === 2) console.error(`\n${USAGE}`);
    return code;
  }
}

process.exitCode = await main();
