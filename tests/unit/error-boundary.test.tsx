// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { island } from '../../src/islands/shared/island.tsx';
import { messages } from '../../src/lib/i18n/messages.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Exploding(): never {
  throw new Error('boom');
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('an island that crashes (SPEC.md §2, App shell)', () => {
  for (const [locale, title, refresh, root] of [
    ['en', 'Ooops, something went wrong :(', 'Refresh', '/'],
    ['ru', 'Упс, что-то пошло не так :(', 'Обновить', '/ru'],
  ] as const) {
    it(`shows the crash screen with a Refresh button that reloads the site root (${locale})`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      const Crashing = island(Exploding);
      const container = document.createElement('div');
      document.body.append(container);
      await act(async () => createRoot(container).render(<Crashing locale={locale} messages={messages[locale]} />));
      expect(container.querySelector('[role="alert"] h2')?.textContent?.trim()).toBe(title);
      const button = container.querySelector('button')!;
      expect(button.textContent).toBe(refresh);
      await act(async () => button.click());
      expect(assign).toHaveBeenCalledWith(root);
      vi.unstubAllGlobals();
    });
  }
});
