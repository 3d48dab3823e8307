/** The password rules, said once under every new-password field. */
export const PASSWORD_RULES_HINT =
  'Từ 8 đến 50 ký tự, gồm chữ thường, chữ in hoa, chữ số và một ký tự đặc biệt (@ $ ! % * ? &).';
