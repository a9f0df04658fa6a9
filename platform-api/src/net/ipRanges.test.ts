import { addressInRanges, normalizeRange } from './ipRanges';

describe('normalizeRange', () => {
  it('spells an address as its single-address range and a range as its network, IPv4-mapped IPv6 as IPv4', () => {
    expect(normalizeRange(' 203.0.113.7 ')).toBe('203.0.113.7/32');
    expect(normalizeRange('10.1.2.3/24')).toBe('10.1.2.0/24');
    expect(normalizeRange('2001:db8::1')).toBe('2001:db8::1/128');
    expect(normalizeRange('2001:db8:0:0:1::/64')).toBe('2001:db8::/64');
    expect(normalizeRange('::ffff:198.51.100.9')).toBe('198.51.100.9/32');
    expect(normalizeRange('::ffff:198.51.100.0/120')).toBe('198.51.100.0/24');
    expect(normalizeRange('[2001:db8::2]')).toBe('2001:db8::2/128');
  });

  it('refuses what is neither an address nor a range', () => {
    for (const entry of ['', 'example.com', '10.0.0.0/33', '10.0.0/8', '300.1.1.1', '10.0.0.1/', '*']) expect(normalizeRange(entry)).toBeNull();
  });
});

describe('addressInRanges', () => {
  const ranges = ['203.0.113.0/24', '2001:db8::/32'];
  it('matches IPv4, IPv6 and IPv4-mapped IPv6 callers against the ranges of their kind', () => {
    expect(addressInRanges('203.0.113.200', ranges)).toBe(true);
    expect(addressInRanges('::ffff:203.0.113.5', ranges)).toBe(true);
    expect(addressInRanges('2001:db8:ffff::1', ranges)).toBe(true);
    expect(addressInRanges('203.0.114.1', ranges)).toBe(false);
    expect(addressInRanges('2001:db9::1', ranges)).toBe(false);
    expect(addressInRanges('not an address', ranges)).toBe(false);
    expect(addressInRanges('203.0.113.1', [])).toBe(false);
  });
});
