import { describe, expect, it } from 'vitest';
import { meetingLink } from '../../src/lib/schemas/interview.ts';

describe('an interview place as a link', () => {
  it('links a place that is one http(s) address, and nothing else', () => {
    expect(meetingLink('https://meet.example.com/abc')).toBe('https://meet.example.com/abc');
    expect(meetingLink('  http://zoom.example/j/1?pwd=x  ')).toBe('http://zoom.example/j/1?pwd=x');
    for (const place of ['Office, room 4', 'javascript:alert(1)', 'JAVASCRIPT://%0aalert(1)', 'data:text/html,x', 'https://a.example/x see you', 'ftp://files.example/x', 'https://', '']) {
      expect(meetingLink(place), place).toBeUndefined();
    }
  });
});
