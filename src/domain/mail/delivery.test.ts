import { describe, expect, it } from 'vitest';
import { deliveryOf, type RecipientRecord } from './delivery.ts';

const queued = new Date('2026-11-20T01:00:00Z');
const sent = new Date('2026-11-20T01:00:05Z');

describe('a recipient of a mass or step mail, as the console shows it', () => {
  it.each<[string, RecipientRecord, string, string | null]>([
    ['sent by SMTP', { status: 'queued', mailStatus: 'sent', queuedAt: queued, sentAt: sent }, 'sent', sent.toISOString()],
    ['kept in the development outbox', { status: 'queued', mailStatus: 'kept', queuedAt: queued, sentAt: null }, 'kept', queued.toISOString()],
    ['failed after its retries', { status: 'queued', mailStatus: 'failed', queuedAt: queued, sentAt: null }, 'failed', queued.toISOString()],
    ['queued, not yet delivered', { status: 'queued', mailStatus: 'queued', queuedAt: queued, sentAt: null }, 'queued', queued.toISOString()],
    ['skipped (no consent)', { status: 'skipped', mailStatus: null, queuedAt: queued, sentAt: null }, 'skipped', queued.toISOString()],
    ['pending in a running mass mail', { status: 'pending', mailStatus: null, queuedAt: null, sentAt: null }, 'pending', null],
  ])('%s: %s at %s', (_name, row, status, at) => {
    expect(deliveryOf(row)).toEqual({ status, at });
  });
});
