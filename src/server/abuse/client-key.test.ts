import { clientKey } from './client-key';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 one, however it is written', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, written in full or compressed', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(clientKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(clientKey('2001:0DB8:85A3:08D3:0000:0000:0000:0001')).toBe(key);
    expect(clientKey('2001:db8:85a3:8d3::1')).toBe(key);
    expect(clientKey('2001:db8:85a3:8d3:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:85a3:8d4::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('drops a zone id, which names the host’s own interface', () => {
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('fe80::2%2')).toBe(clientKey('fe80::1'));
  });

  it('keeps what is not an address as given, one client still', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('127.1')).toBe('127.1');
  });
});
