/**
 * Route modules of this feature. Each page loads on its own: a visitor opening a player's page
 * does not download the invitation and registration forms (react-hook-form, selects, sign-in).
 * The route table lazily imports this module and expects components, so each export is a small
 * component rendering its lazily loaded page (a lazy() cannot resolve to another lazy()).
 */
import { type ComponentType, createElement, lazy } from 'react';

function own<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return () => createElement(Page);
}

export const PublicCampaignPage = own(() => import('./PublicCampaignPage'), 'PublicCampaignPage');
export const PublicFundraiserPage = own(() => import('./PublicFundraiserPage'), 'PublicFundraiserPage');
export const DonatePage = own(() => import('./DonatePage'), 'DonatePage');
export const AcceptInvitePage = own(() => import('./AcceptInvitePage'), 'AcceptInvitePage');
export const RegisterPlayerPage = own(() => import('./RegisterPlayerPage'), 'RegisterPlayerPage');
export const ThankYouPage = own(() => import('./ThankYouPage'), 'ThankYouPage');
export const CartPage = own(() => import('./CartPage'), 'CartPage');
export const CartNotFoundPage = own(() => import('./CartNotFoundPage'), 'CartNotFoundPage');
