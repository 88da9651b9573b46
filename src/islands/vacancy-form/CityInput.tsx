import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { api } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import { CITY_QUERY_MIN, type CityDto } from '../../lib/schemas/catalog.ts';

export interface City {
  id: number;
  name: string;
}

/** DECISIONS.md: search boxes wait 300 ms after the last key. */
const DEBOUNCE_MS = 300;

interface Props {
  t: T;
  locale: Locale;
  /** The chosen city; undefined while the text does not name one from the list. */
  value: City | undefined;
  onChange: (city: City | undefined) => void;
  onBlur?: () => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A combobox over `search/cities` (Russia only): only a city picked from the list counts. */
export function CityInput({ t, locale, value, onChange, onBlur, error, ref }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value?.name ?? '');
  const [options, setOptions] = useState<CityDto[]>([]);
  const [open, setOpen] = useState(false);
  const [searched, setSearched] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = text.trim();
    if ([...q].length < CITY_QUERY_MIN || q === value?.name) {
      setOptions([]);
      setSearched(false);
      return;
    }
    const timer = setTimeout(async () => {
      query.current?.abort();
      const controller = new AbortController();
      query.current = controller;
      try {
        // names in the page's language, whatever the account's language is
        const found = await api<CityDto[]>('search/cities', { query: { q, country: 'ru', lng: locale }, signal: controller.signal });
        if (controller.signal.aborted) return;
        setOptions(found);
        setSearched(true);
        setActive(found.length ? 0 : -1);
      } catch (error) {
        if (!controller.signal.aborted) {
          console.warn('[cities] search failed', error);
          setOptions([]);
          setSearched(true);
        }
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value?.name, locale]);

  useEffect(() => () => query.current?.abort(), []);

  const choose = (city: CityDto) => {
    setText(city.name);
    setOptions([]);
    setOpen(false);
    onChange({ id: city.id, name: city.name });
  };

  const expanded = open && (options.length > 0 || searched);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded) {
      // picking from the open list must not submit the form
      event.preventDefault();
      const city = options[active];
      if (city) choose(city);
    } else if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('vacancy.field.city')}</label>
      <div className="combo">
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && options[active] ? `${listId}-${options[active]!.id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          // typing again un-picks the city: only a choice from the list sets it
          if (value && e.target.value !== value.name) onChange(undefined);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <ul id={listId} role="listbox" className="combo-list" hidden={!expanded} aria-label={t('vacancy.field.city')}>
        {options.map((city, index) => (
          <li
            key={city.id}
            id={`${listId}-${city.id}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // mousedown, not click: the input's blur would close the list before the click lands
            onMouseDown={(e) => {
              e.preventDefault();
              choose(city);
            }}
            onMouseEnter={() => setActive(index)}
          >
            {city.name}
            {city.region && <span className="combo-region"> {city.region}</span>}
          </li>
        ))}
        {searched && options.length === 0 && (
          <li className="combo-empty" role="option" aria-disabled="true" aria-selected="false">
            {t('vacancy.no_cities')}
          </li>
        )}
      </ul>
      </div>
      <p id={`${id}-hint`} className="field-hint">{t('vacancy.field.city_hint')}</p>
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}
