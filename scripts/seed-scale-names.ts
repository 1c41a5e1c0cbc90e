// Names and the PRNG of the scale data set (scripts/seed-scale.ts): plain, deterministic.

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Space-separated words; `_` stands for a space inside one. */
const words = (list: string) => list.split(' ').map((w) => w.replace(/_/g, ' '));

export const FIRST_NAMES = words(
  'Ava Liam Olivia Noah Emma Elijah Sophia Mateo Isabella Lucas Mia Levi Amelia Ezra Harper Asher ' +
    'Evelyn James Luna Leo Camila Kai Gianna Ethan Aria Aiden Ella Logan Nova Jackson Sofia Diego Layla ' +
    'Caleb Chloe Owen Zoe Wyatt Nora Henry Riley Daniel Lily Gabriel Hazel Samuel Aurora David Violet ' +
    'Carter Stella Julian Maya Isaac Lucia Miles Elena Jayden Ruby Omar',
);
export const LAST_NAMES = words(
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez ' +
    'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark ' +
    'Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams ' +
    'Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker ' +
    'Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper ' +
    'Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Tanaka',
);
export const PLACES = words(
  'Riverside Lakeview Springfield Fairview Madison Georgetown Franklin Clinton Greenville Salem Bristol ' +
    'Oakland Ashland Burlington Dover Hudson Kingston Marion Milton Newport Oxford Clayton Jackson ' +
    'Arlington Auburn Dayton Lexington Milford Winchester Cedar_Falls',
);
export const SPORTS = words('Soccer Baseball Basketball Softball Hockey Lacrosse Volleyball Football');
export const MASCOTS = words(
  'Rockets Comets Tigers Hawks Lions Falcons Sharks Wolves Bears Eagles Storm Thunder Lightning Dragons ' +
    'Panthers Mustangs Raptors Titans Vipers Cyclones',
);
export const DIVISION_NAMES = 'Gold Silver Blue Red White Green Black Orange'
  .split(' ')
  .map((w) => w.replace(/_/g, ' '));
export const SEASONS = 'Spring Summer Fall Winter'.split(' ').map((w) => w.replace(/_/g, ' '));
