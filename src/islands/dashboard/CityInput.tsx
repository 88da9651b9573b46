import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { api } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { CityDto } from '../../lib/schemas/catalog.ts';
import { DEBOUNCE_MS, MIN_SEARCH } from './filter.ts';
import { useDebounced } from './useDebounced.ts';

export interface CityValue {
  id?: number;
  name: string;
}

interface Props {
  t: T;
  locale: Locale;
  label: string;
  value: CityValue;
  onChange: (value: CityValue) => void;
  error?: string;
}

/**
 * A city of Russia picked from `GET search/cities` (a combobox): it asks after 3 typed letters,
 * 300 ms after the last one. Typing again forgets the chosen city until one is picked.
 */
export function CityInput({ t, locale, label, value, onChange, error }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [options, setOptions] = useState<CityDto[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const query = useDebounced(value.id === undefined ? value.name.trim() : '', DEBOUNCE_MS);

  useEffect(() => {
    if (query.length < MIN_SEARCH) {
      setOptions([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    api<CityDto[]>('search/cities', { query: { q: query, country: 'ru', lng: locale }, signal: controller.signal })
      .then((found) => {
        setOptions(found);
        setSearched(true);
        setActive(found.length ? 0 : -1);
        setOpen(true);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) console.warn('[cities] search failed', failure);
      });
    return () => controller.abort();
  }, [query, locale]);

  const pick = (city: CityDto) => {
    onChange({ id: city.id, name: city.name });
    setOpen(false);
    setOptions([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || !options.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape') {
      // closes the list only, not the dialog around it
      event.stopPropagation();
      setOpen(false);
    }
  };

  const expanded = open && searched && value.id === undefined;
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="city-combo">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value.name}
        onChange={(event) => {
          onChange({ name: event.target.value });
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => options.length && setOpen(true)}
      />
      <ul id={listId} role="listbox" className="city-options" hidden={!expanded} aria-label={label}>
        {options.map((city, i) => (
          <li
            key={city.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            // keeps the focus in the input, so that the click lands before the list closes
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(city)}
          >
            {city.name}
            {city.region && city.region !== city.name && <span className="city-region">{city.region}</span>}
          </li>
        ))}
        {!options.length && <li className="city-none" role="option" aria-selected={false} aria-disabled="true">{t('dashboard.city_none')}</li>}
      </ul>
      </div>
      <p id={hintId} className="field-hint">{t('vacancy.field.city_hint')}</p>
      {error && <p id={errorId} className="field-error" role="alert">{error}</p>}
    </div>
  );
}
