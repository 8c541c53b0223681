import { describe, expect, it } from 'vitest';
import { readMetaCsp } from './static-site.ts';

describe('the CSP a page asks for in its meta element', () => {
  it('takes the hashes, and the https origins a page frames (the feedback survey, product decision 17)', () => {
    const html = `<meta http-equiv="content-security-policy" content="script-src &#39;self&#39; &#39;sha256-abc=&#39;; style-src &#39;sha256-def=&#39;; frame-src https://forms.example.com https://evil.example/path http://plain.example *">`;
    expect(readMetaCsp(html)).toEqual({ scriptSrc: ["'sha256-abc='"], styleSrc: ["'sha256-def='"], frameSrc: ['https://forms.example.com'] });
  });

  it('leaves frames alone when the page names none', () => {
    expect(readMetaCsp(`<meta http-equiv="content-security-policy" content="script-src &#39;self&#39;">`)).toEqual({ scriptSrc: [] });
  });
});
