/** Contact-Us's islands: the form and the theme switch (decision 017 budget: 30 KB gz of initial JS). */
import { ContactForm } from '../islands/ContactForm';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, contact: ContactForm });
