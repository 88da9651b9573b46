import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressAllowed, checkEndpointUrl, retryDelayMs, signature } from '../../src/lib/server/webhooks.ts';

/** Where a webhook may go and how it is signed (docs/decisions/0028), with the production settings. */
describe('webhook targets', () => {
  it('public addresses only', () => {
    for (const ok of ['93.184.216.34', '8.8.8.8', '::ffff:8.8.8.8', '::ffff:808:808', '2606:2800:220:1:248:1893:25c8:1946']) expect(addressAllowed(ok), ok).toBe(true);
    for (const bad of ['127.0.0.1', '127.9.9.9', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1',
      // forms that carry an IPv4 address inside, and ranges some networks still route
      '::a9fe:a9fe', '::127.0.0.1', '::ffff:0:a9fe:a9fe', '64:ff9b:1::a9fe:a9fe', '2002:7f00:1::1', '2001:0:4136:e378::1', 'fec0::1', '100::1', '2001:db8::1', '198.51.100.7', '203.0.113.9', '192.0.2.1']) {
      expect(addressAllowed(bad), bad).toBe(false);
    }
  });

  it('https URLs without credentials or private literal hosts', () => {
    expect(checkEndpointUrl(' https://hooks.example.com/x?y=1 ')).toBe('https://hooks.example.com/x?y=1');
    for (const bad of ['http://hooks.example.com/', 'https://localhost/', 'https://127.1/', 'https://[::1]/', 'https://u:p@hooks.example.com/', 'https://hooks.example.com/#frag', 'https://0x7f000001/']) {
      expect(() => checkEndpointUrl(bad), bad).toThrow();
    }
  });

  it('signs t.body with HMAC-SHA256 and waits four times longer after each failure', () => {
    const body = '{"id":"1"}';
    expect(signature('whsec_x', 1700000000, body)).toBe(`t=1700000000,v1=${createHmac('sha256', 'whsec_x').update(`1700000000.${body}`).digest('hex')}`);
    expect(signature('whsec_y', 1700000000, body)).not.toBe(signature('whsec_x', 1700000000, body));
    expect([1, 2, 3].map(retryDelayMs)).toEqual([60_000, 240_000, 960_000]);
    expect(retryDelayMs(20)).toBe(6 * 3600_000);
  });
});
