import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { api } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import { CITY_QUERY_MIN, type CityDto } from '../../lib/schemas/catalog.ts';
import { LabelText } from './Field.tsx';
import { useDebounced } from './useDebounced.ts';
import './city-input.css';

/** What the city box holds: the text as typed, and the city's id once one is picked from the list. */
export interface CityValue {
  id?: number;
  name: string;
}

/** DECISIONS.md: search boxes wait 300 ms after the last key. */
const DEBOUNCE_MS = 300;

interface Props {
  t: T;
  locale: Locale;
  value: CityValue;
  onChange: (value: CityValue) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A city of Russia picked from `GET search/cities` (a combobox): it asks once 3 letters are typed,
 * 300 ms after the last key. Only a city picked from the list counts: typing again drops its id.
 */
export function CityInput({ t, locale, value, onChange, onBlur, error, required, ref }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const label = t('vacancy.field.city');
  const [options, setOptions] = useState<CityDto[]>([]);
  const [searched, setSearched] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // a picked city is not looked up again
  const typed = value.id === undefined ? value.name.trim() : '';
  const long = [...typed].length >= CITY_QUERY_MIN;
  const query = useDebounced(long ? typed : '', DEBOUNCE_MS);

  useEffect(() => {
    if (!query) {
      setOptions([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    // names in the page's language, whatever the account's language is
    api<CityDto[]>('search/cities', { query: { q: query, country: 'ru', lng: locale }, signal: controller.signal })
      .then((found) => {
        if (controller.signal.aborted) return;
        setOptions(found);
        setSearched(true);
        setActive(found.length ? 0 : -1);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[cities] search failed', failure);
        setOptions([]);
        setSearched(true);
      });
    return () => controller.abort();
  }, [query, locale]);

  const pick = (city: CityDto) => {
    onChange({ id: city.id, name: city.name });
    setOpen(false);
    setOptions([]);
  };

  // answers for a longer text stay out of sight once it is cut below 3 letters
  const expanded = open && long && searched;
  const activeCity = expanded ? options[active] : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length) {
      event.preventDefault();
      // an arrow first opens a list closed with Escape
      if (!expanded) setOpen(true);
      else setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded) {
      // picking from the open list must not submit the form
      event.preventDefault();
      if (activeCity) pick(activeCity);
    } else if (event.key === 'Escape' && expanded) {
      // closes the list only, not the dialog around it
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <div className="city-combo">
        <input
          ref={ref}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeCity && `${listId}-${activeCity.id}`}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          value={value.name}
          onChange={(event) => {
            onChange({ name: event.target.value });
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
        />
        <ul id={listId} role="listbox" className="city-options" hidden={!expanded} aria-label={label}>
          {options.map((city, index) => (
            <li
              key={city.id}
              id={`${listId}-${city.id}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              // keeps the focus in the input, so that the click lands before the list closes
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(city)}
              onMouseEnter={() => setActive(index)}
            >
              {city.name}
              {/* the region tells namesakes apart; one that only repeats the name adds nothing */}
              {city.region && city.region !== city.name && <span className="city-region"> {city.region}</span>}
            </li>
          ))}
          {searched && !options.length && (
            <li className="city-none" role="option" aria-selected={false} aria-disabled="true">
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
