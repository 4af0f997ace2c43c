/** Router state the shell understands: `consejo` asks it to show the profile's tip (after login). */
export type ShellState = { consejo?: boolean };
