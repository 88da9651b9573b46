import { describe, expect, it } from 'vitest';
import { fold, icsText, interviewIcs, vtimezone } from '../../src/lib/server/interviews.ts';

describe('the .ics invitation', () => {
  const ics = interviewIcs({
    uid: 'u1',
    start: new Date('2030-01-02T10:00:00Z'),
    minutes: 30,
    zone: 'UTC',
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

  it('gives the times in the reader\'s zone with a VTIMEZONE that covers them', () => {
    const start = new Date('2030-01-02T15:00:00Z');
    const text = interviewIcs({ uid: 'u2', start, minutes: 45, zone: 'America/New_York', summary: 's', description: 'd', location: '', organizer: 'o@x.org', attendees: [] });
    const lines = text.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20300102T100000');
    expect(lines).toContain('DTEND;TZID=America/New_York:20300102T104500');
    expect(lines).toContain('TZID:America/New_York');
    // winter is -5, summer -4: both changes of the year around the event are there
    expect(lines.filter((l) => l === 'TZOFFSETTO:-0400').length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l === 'TZOFFSETTO:-0500').length).toBeGreaterThanOrEqual(2);
    expect(lines.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('finds the minute a zone changes its clock', () => {
    // 2030-03-10 02:00 EST becomes 03:00 EDT: the observance starts at 02:00 local, 07:00Z
    const lines = vtimezone('America/New_York', new Date('2030-06-01T12:00:00Z'));
    const at = lines.indexOf('DTSTART:20300310T020000');
    expect(at).toBeGreaterThan(0);
    expect(lines[at - 1]).toBe('BEGIN:DAYLIGHT');
    expect(lines[at + 1]).toBe('TZOFFSETFROM:-0500');
    expect(lines[at + 2]).toBe('TZOFFSETTO:-0400');
  });

  it('has one observance for a zone without summer time', () => {
    const lines = vtimezone('Asia/Novosibirsk', new Date('2030-06-01T12:00:00Z'));
    expect(lines.filter((l) => l.startsWith('BEGIN:STANDARD') || l.startsWith('BEGIN:DAYLIGHT'))).toEqual(['BEGIN:STANDARD']);
    expect(lines).toContain('TZOFFSETTO:+0700');
  });
});
