import { describe, expect, it } from 'vitest';
import { clientBucket } from '../../src/lib/server/http.ts';

describe('clientBucket: a client as rate limits count it', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address by its /64, however it is written', () => {
    expect(clientBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:0DB8:0001:0002::ff')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('fe80::')).toBe('fe80:0:0:0::/64');
  });

  it('names a client without an address', () => {
    expect(clientBucket(undefined)).toBe('unknown');
  });
});
