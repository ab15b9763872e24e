/** bcrypt cost for real accounts (at least 11: docs/DECISIONS.md), used by the seed and the API. */
export const PASSWORD_COST = 11;
