/** bcrypt cost for real accounts (DESIGN.md §7: at least 11), used by the seed and the API. */
export const PASSWORD_COST = 11;
