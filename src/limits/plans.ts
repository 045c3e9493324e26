import type { Plan } from '../domain/resource-schemas.js';

/** Requests per minute of each fixed plan. `custom` carries its own value on the workspace. */
export const PLAN_RPM: Readonly<Record<Exclude<Plan, 'custom'>, number>> = {
  standard: 100,
  advanced: 500,
};

export function rpmFor(plan: Plan, customRpm?: number): number {
  if (plan === 'custom') {
    if (customRpm === undefined) throw new Error('a custom plan needs its requests-per-minute value');
    return customRpm;
  }
  return PLAN_RPM[plan];
}
