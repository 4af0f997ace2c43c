import argon2 from 'argon2';

/**
 * Passwords are kept as argon2id hashes (docs/security.md); one place decides the algorithm for every
 * writer (sign-up, the users' form, the change and reset of a password, the demo seed).
 */
export const hashClave = (clave: string) => argon2.hash(clave, { type: argon2.argon2id });

/** Whether `clave` is the password of `hash`; a malformed hash is a wrong password, not an error. */
export const claveCorrecta = (hash: string, clave: string) => argon2.verify(hash, clave).catch(() => false);
