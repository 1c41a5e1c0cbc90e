/** The campaign page's islands: the player search, the share card and the theme switch (budget 90 KB gz of initial JS). */
import { PlayerSearch } from '../islands/PlayerSearch';
import { ShareCard } from '../islands/ShareCard';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, players: PlayerSearch, share: ShareCard });
