import { describe, expect, it } from 'vitest';
import { fold, icsText, interviewIcs } from '../../src/lib/server/interviews.ts';

describe('the .ics invitation', () => {
  const ics = interviewIcs({
    uid: 'u1',
    start: new Date('2030-01-02T10:00:00Z'),
    minutes: 30,
    summary: 'Interview: Anna\rSmirnova',
    description: 'Line one\nLine two\r\nBEGIN:VALARM',
    location: 'Room 5\rEND:VEVENT\rBEGIN:VEVENT',
    organizer: 'no-reply@localhost',
    attendees: ['a@example.com'],
  });

  it('keeps a lone CR or LF in a value from ending the line or starting a property', () => {
    // the only line breaks are the CRLFs between content lines
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    expect(lines).toContain('LOCATION:Room 5\\nEND:VEVENT\\nBEGIN:VEVENT');
    expect(lines).toContain('SUMMARY:Interview: Anna\\nSmirnova');
  });

  it('escapes backslash, semicolon and comma, and drops other control characters', () => {
    expect(icsText('a\\b;c,d\u0000e\u0007')).toBe('a\\\\b\\;c\\,de');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'я'.repeat(100)}😀${'x'.repeat(80)}`;
    const folded = fold(line).split('\r\n');
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(folded.join('')).not.toContain('\uFFFD');
  });
});
