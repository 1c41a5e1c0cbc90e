/** The home page's islands: the theme switch (decision 017 budget: 30 KB gz of initial JS). */
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch });
