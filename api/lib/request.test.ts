import { describe, expect, it } from 'vitest';
import { addressFromForwardedFor } from './request.ts';

describe('addressFromForwardedFor: the address the trusted proxies saw', () => {
  it.each([
    // [header, hops, expected]
    ['203.0.113.7', 1, '203.0.113.7'],
    // The client wrote the first entry; our proxy appended the last one.
    ['1.2.3.4, 203.0.113.7', 1, '203.0.113.7'],
    ['1.2.3.4,203.0.113.7', 1, '203.0.113.7'],
    // Two proxies (a CDN, then a load balancer): the client is the second from the right.
    ['1.2.3.4, 203.0.113.7, 10.0.0.2', 2, '203.0.113.7'],
    // Fewer entries than hops: the request did not come through every proxy, nothing is trusted.
    ['203.0.113.7', 2, undefined],
    ['', 1, undefined],
    [' , ', 1, undefined],
    ['2001:db8::1', 1, '2001:db8::1'],
  ] as const)('%j with %i hop(s) → %s', (header, hops, expected) => {
    expect(addressFromForwardedFor(header, hops)).toBe(expected);
  });
});
