/** The affiliate activation page's islands: the form (password, accept the terms) and the theme switch. */
import { ActivateForm } from '../islands/ActivateForm';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, activate: ActivateForm });
