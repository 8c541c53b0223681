import { ROBOT_BUYOUT_PRICE, TABLET_BUYOUT_PRICE } from '../constants.ts';
import type { PackageType } from '../plans/types.ts';
import { daysBetween, type IsoDate } from './dates.ts';

/** What is lent with a plan and must come back: the robot (kids and adult plans), the ESAT-J tablet, or nothing. */
export type Device = 'robot' | 'tablet' | 'none';

export function deviceOf(packageType: PackageType): Device {
  if (packageType === 'ipad') return 'tablet';
  if (packageType === 'standard') return 'none';
  return 'robot';
}

/** Whether the plan holds a device to return (robot or tablet). */
export function holdsDevice(plan: { packageType: PackageType }): boolean {
  return deviceOf(plan.packageType) !== 'none';
}

/** The buyout when a device is not returned in time; the robot costs half after a year (spec §9). */
export function buyoutPrice(device: Device, shippedOn: IsoDate | null, on: IsoDate): number {
  if (device === 'none') return 0;
  if (device === 'tablet') return TABLET_BUYOUT_PRICE;
  const heldForAYear = shippedOn !== null && daysBetween(shippedOn, on) >= 365;
  return heldForAYear ? Math.round(ROBOT_BUYOUT_PRICE / 2) : ROBOT_BUYOUT_PRICE;
}
