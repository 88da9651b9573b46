import { describe, expect, it } from 'vitest';
import { islandMessages, ISLAND_MESSAGES, type IslandName } from '../../src/islands/messages.ts';
import { allIslandMessageFiles, islandMessageFile, MESSAGE_FILES_DIR } from '../../src/lib/server/message-files.ts';
import { messagesOf, rememberMessages } from '../../src/islands/shared/message-files.ts';

const moduleValue = async (body: string) => ((await import(`data:text/javascript,${encodeURIComponent(body)}`)) as { default: unknown }).default;

describe('island message files', () => {
  it('hold exactly the messages the island is given, under a name that changes with them', async () => {
    const file = islandMessageFile('ru', 'auth/LoginForm');
    expect(file.url).toMatch(new RegExp(`^${MESSAGE_FILES_DIR}auth\\.LoginForm\\.ru\\.[\\w-]{10}\\.js$`));
    expect(await moduleValue(file.body)).toEqual(islandMessages('ru', 'auth/LoginForm'));
    expect(islandMessageFile('en', 'auth/LoginForm').url).not.toBe(file.url);
  });

  it('are one per island and language, each under its own name', () => {
    const files = allIslandMessageFiles();
    expect(files).toHaveLength(Object.keys(ISLAND_MESSAGES).length * 2);
    expect(new Set(files.map((file) => file.url)).size).toBe(files.length);
    for (const island of Object.keys(ISLAND_MESSAGES) as IslandName[]) expect(files).toContainEqual(islandMessageFile('en', island));
  });

  it('resolve on the server to the messages remembered for them; messages given as they are stay so', () => {
    const messages = { app: { refresh: 'Обновить' } };
    expect(messagesOf(messages)).toBe(messages);
    rememberMessages('/_astro/i18n/test.Island.ru.x.js', messages);
    expect(messagesOf('/_astro/i18n/test.Island.ru.x.js')).toBe(messages);
    expect(() => messagesOf('/_astro/i18n/never.js')).toThrow(/not loaded/);
  });
});
