/** The invitation pages' islands: accepting (create the account, sign in, or accept as the signed-in parent) and the theme switch (budget 90 KB gz). */
import { InviteFlow } from '../islands/InviteFlow';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, invite: InviteFlow });
