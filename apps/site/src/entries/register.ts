/** The player registration pages' islands: the registration form and the theme switch (budget 90 KB gz). */
import { RegisterForm } from '../islands/RegisterForm';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, register: RegisterForm });
