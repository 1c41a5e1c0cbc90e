/**
 * One `@fc/site` renderer per build folder, shared by every page family's routes (rendered.*.ts):
 * one manifest reader, one set of cached strings and styles.
 */
import { createSite, type Site } from '@fc/site';
import { DEFAULT_CARD } from './site.service.js';

const sites = new Map<string, Site>();

export function siteFor(siteDist: string): Site {
  let site = sites.get(siteDist);
  if (!site) {
    site = createSite({ distDir: siteDist, defaultCard: DEFAULT_CARD });
    sites.set(siteDist, site);
  }
  return site;
}
