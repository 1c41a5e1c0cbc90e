/** What other pages show of BAND (composed by app/compose, decision 015): one lazy chunk. */
export { BandPostButton, type BandPostButtonProps } from './post/BandPostButton';
export type { BandCampaign } from './post/preview';
export { BandTab, type BandTabProps } from './team/BandTab';
