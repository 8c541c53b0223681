import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { recoveryBoundSeconds } from './recovery.ts';

describe('recovery after a killed process', () => {
  it('with the production defaults, charges and mails held by a dead process are settled within 3 minutes', () => {
    const bound = recoveryBoundSeconds(loadConfig({ NODE_ENV: 'development' }));
    expect(bound.charges).toBeLessThanOrEqual(180);
    expect(bound.mails).toBeLessThanOrEqual(180);
  });

  it('grows with a longer lease or supervisor interval', () => {
    const base = recoveryBoundSeconds({ jobsSuperviseSeconds: 30, billingAttemptLeaseMs: 60_000 });
    expect(recoveryBoundSeconds({ jobsSuperviseSeconds: 30, billingAttemptLeaseMs: 300_000 }).charges).toBeGreaterThan(base.charges);
    expect(recoveryBoundSeconds({ jobsSuperviseSeconds: 120, billingAttemptLeaseMs: 60_000 }).mails).toBeGreaterThan(base.mails);
  });
});
