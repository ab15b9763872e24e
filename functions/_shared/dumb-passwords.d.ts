// dumb-passwords ships no types: the one function used here.
declare module 'dumb-passwords' {
  const dumbPasswords: { check: (password: string) => boolean };
  export default dumbPasswords;
}
