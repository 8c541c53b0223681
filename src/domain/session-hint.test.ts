import { describe, expect, it } from 'vitest';
import { roleOfHint } from './session-hint.ts';

describe('the console role hint', () => {
  it('names a console role, wherever it stands in the cookie header', () => {
    expect(roleOfHint('console_role=support')).toBe('support');
    expect(roleOfHint('signed_in=1; console_role=owner; a8=x')).toBe('owner');
  });

  it('names nothing when the cookie is missing, empty or not a role', () => {
    expect(roleOfHint('')).toBeUndefined();
    expect(roleOfHint('signed_in=1')).toBeUndefined();
    expect(roleOfHint('console_role=')).toBeUndefined();
    expect(roleOfHint('console_role=admin')).toBeUndefined();
    expect(roleOfHint('console_role=ownerx')).toBeUndefined();
    expect(roleOfHint('x_console_role=owner')).toBeUndefined();
  });
});
