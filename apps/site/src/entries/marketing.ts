/** The marketing pages' islands (How It Works, Our Story, Privacy, Terms): the theme switch. */
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch });
