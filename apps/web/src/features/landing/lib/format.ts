/** Registrations against the target as a whole percentage, capped at 100. */
export function registrationPercent(appointmentCount: number, targetBloodUnits: number): number {
  if (!(targetBloodUnits > 0)) return appointmentCount > 0 ? 100 : 0;
  return Math.round(Math.min(100, Math.max(0, (appointmentCount / targetBloodUnits) * 100)));
}
