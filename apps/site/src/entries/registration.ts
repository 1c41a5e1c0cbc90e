/** The team registration pages' islands: the six-step wizard and the theme switch (budget 90 KB gz). */
import { RegistrationWizard } from '../islands/registration/RegistrationWizard';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, registration: RegistrationWizard });
