/**
 * The demo accounts' development passwords (never used in production), published in the README:
 * known to everyone, so no account may choose them (password-strength.ts). An entry point of its
 * own (`@giot-hong/contract/demo-passwords`): the server seeds with them at start without loading
 * the strength estimate and its dictionaries.
 */
export const DEMO_PASSWORDS: DemoPasswords = {
  staff: 'GiotHong@Staff26',
  admin: 'QuanTri@GiotHong26',
  donor: 'HienMau@Demo26',
};
export type DemoPasswords = { staff: string; admin: string; donor: string };
