/** bcrypt cost for real accounts (docs/DECISIONS.md "Sessions and roles": at least 11), used by the seed and the API. */
export const PASSWORD_COST = 11;
